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

/**
 * The react-admin path that serves a spec route, or null when the route has no generated/overridden resource
 * (a hand-written screen or a "coming soon" placeholder lives at the spec path itself).
 */
/** Upstream query names that differ from our fields (mall-admin-web links such as `/pms/productAttrList?cid=3&type=1`). */
const QUERY_FIELDS: Record<string, string | null> = { cid: 'productAttributeCategoryId', cname: null, id: null };

/** An old link's query as react-admin's `filter` (lists) or `source` (create) JSON: `?cid=3&type=1` → `{…: 3, type: 1}`. */
const carriedQuery = (search: string, param: 'filter' | 'source'): string => {
  const values: Record<string, string | number> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const field = key in QUERY_FIELDS ? QUERY_FIELDS[key] : key;
    if (field && value !== '') values[field] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return Object.keys(values).length ? `?${param}=${encodeURIComponent(JSON.stringify(values))}` : '';
};

export const resourcePath = (route: Pick<RouteEntry, 'resource' | 'view'>, search: string, hasResource: (name: string) => boolean): string | null => {
  if (!route.resource || !hasResource(route.resource)) return null;
  const base = `/${route.resource}`;
  const id = new URLSearchParams(search).get('id');
  switch (route.view) {
    case 'create':
      return `${base}/create${carriedQuery(search, 'source')}`;
    case 'edit':
      return id ? `${base}/${encodeURIComponent(id)}` : base;
    case 'show':
      return id ? `${base}/${encodeURIComponent(id)}/show` : base;
    default:
      return `${base}${carriedQuery(search, 'filter')}`;
  }
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
