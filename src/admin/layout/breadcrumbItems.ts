import { HOME_ROUTE, matchRoute } from '../routes/routeTable';
import type { MenuNode, RouteEntry } from '../routes/types';

export interface Crumb {
  /** i18n key of the title, and the English text if the key is missing. */
  label: string;
  fallback: string;
  /** Absent on the last item: it is not a link. */
  path?: string;
}

/** Matched route titles (group, then route), Home first unless the match is home itself (spec §2). */
export const breadcrumbItems = (pathname: string, routes: RouteEntry[], groups: MenuNode[]): Crumb[] => {
  const route = matchRoute(pathname, routes);
  if (!route) return [];
  const group = groups.find((g) => g.name === route.group);
  const crumbs: Crumb[] = [];
  if (group && group.path !== route.path)
    crumbs.push({ label: `menu.${group.name}`, fallback: group.title.en, path: group.path });
  crumbs.push({ label: `menu.${route.name}`, fallback: route.title.en, path: route.path });
  if (route.name !== HOME_ROUTE) crumbs.unshift({ label: 'app.nav.home', fallback: 'Home', path: '/home' });
  return crumbs.map((c, i) => (i === crumbs.length - 1 ? { label: c.label, fallback: c.fallback } : c));
};
