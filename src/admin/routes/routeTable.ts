import type { GrantedMenu, MenuNode, RouteEntry } from './types';

/** The dashboard is everyone's landing page, granted or not (upstream keeps it a constant route). */
export const HOME_ROUTE = 'home';

/**
 * Routes the user may open: the ones named in the granted menus, plus the hidden routes of a granted group
 * (edit/detail screens are never menus themselves).
 */
export const allowedRoutes = (routes: RouteEntry[], granted: GrantedMenu[]): RouteEntry[] => {
  const names = new Set(granted.map((m) => m.name));
  return routes.filter((r) => r.name === HOME_ROUTE || names.has(r.name) || (r.hidden && names.has(r.group)));
};

/** Resources a user reaches: those of allowed routes, plus resources no route names (lookups such as references). */
export const allowedResources = (all: string[], routes: RouteEntry[], allowed: RouteEntry[]): string[] => {
  const routed = new Set(routes.flatMap((r) => (r.resource ? [r.resource] : [])));
  const reached = new Set(allowed.flatMap((r) => (r.resource ? [r.resource] : [])));
  return all.filter((name) => reached.has(name) || !routed.has(name));
};

const VIEW_OF_SUFFIX = (rest: string[]) =>
  rest.length === 0 ? 'list' : rest[0] === 'create' ? 'create' : rest[1] === 'show' ? 'show' : 'edit';

/** The spec route a location shows: its own spec path, or the resource route for `/<resource>[/create|/:id[/show]]`. */
export const matchRoute = (pathname: string, routes: RouteEntry[]): RouteEntry | undefined => {
  const exact = routes.find((r) => r.path === pathname);
  if (exact) return exact;
  const [resource, ...rest] = pathname.split('/').filter(Boolean);
  if (!resource) return undefined;
  const view = VIEW_OF_SUFFIX(rest);
  const ofResource = routes.filter((r) => r.resource === resource);
  return ofResource.find((r) => r.view === view) ?? ofResource.find((r) => r.view === 'list') ?? ofResource[0];
};

/**
 * Section paths that only redirect (`/pms` → `/pms/product`, `/news` → `/news/list`): a group goes to its
 * `redirect` when the user may open it, else to its first allowed entry; a bare first path segment likewise.
 */
export const sectionRedirects = (allowed: RouteEntry[], groups: MenuNode[]): { path: string; to: string }[] => {
  const taken = new Set(allowed.map((r) => r.path));
  const visible = allowed.filter((r) => !r.hidden);
  const out = new Map<string, string>();
  for (const group of groups) {
    const inGroup = visible.filter((r) => r.group === group.name);
    const target = inGroup.find((r) => r.path === group.redirect) ?? inGroup[0];
    if (target && !taken.has(group.path)) out.set(group.path, target.path);
  }
  for (const route of visible) {
    const prefix = `/${route.path.split('/')[1]}`;
    if (!taken.has(prefix) && !out.has(prefix)) out.set(prefix, route.path);
  }
  return [...out].map(([path, to]) => ({ path, to }));
};
