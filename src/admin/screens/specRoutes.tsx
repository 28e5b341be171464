import { Navigate, Route } from 'react-router-dom';
import { ComingSoon } from '../pages/ComingSoon';
import { hasResource } from './resourceScreens';
import { customScreens } from './customScreens';
import { sectionRedirects } from '../routes/routeTable';
import type { MenuNode, RouteEntry } from '../routes/types';

const screenOf = (route: RouteEntry) => {
  const Screen = customScreens[route.name];
  return Screen ? <Screen /> : <ComingSoon route={route} />;
};

/** A spec path a resource serves never reaches the router: the address history reads it as the resource's path. */
const servedByResource = (route: RouteEntry) =>
  !customScreens[route.name] && !!route.resource && hasResource(route.resource);

/**
 * A section path that is also a resource's own path (`/shop`, `/member`) is that resource's list: the address bar
 * then shows the list's spec path, so a redirect there would only come back.
 */
const isResourcePath = (path: string) => /^\/[^/]+$/.test(path) && hasResource(path.slice(1));

/** The <Route>s (inside the layout) of every spec path the user may open, plus the section redirects. */
export const specRoutes = (allowed: RouteEntry[], groups: MenuNode[]) => [
  ...allowed
    .filter((route) => !servedByResource(route))
    .map((route) => <Route key={route.name} path={route.path} element={screenOf(route)} />),
  ...sectionRedirects(allowed, groups)
    .filter(({ path }) => !isResourcePath(path))
    .map(({ path, to }) => <Route key={`section:${path}`} path={path} element={<Navigate to={to} replace />} />),
];
