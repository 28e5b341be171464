import { Navigate, Route } from 'react-router-dom';
import { ComingSoon } from '../pages/ComingSoon';
import { hasResource } from '../screens';
import { customScreens } from './customScreens';
import { sectionRedirects } from './routeTable';
import { SpecRedirect } from './SpecRedirect';
import type { MenuNode, RouteEntry } from './types';

const screenOf = (route: RouteEntry) => {
  const Screen = customScreens[route.name];
  if (Screen) return <Screen />;
  if (route.resource && hasResource(route.resource)) return <SpecRedirect route={route} />;
  return <ComingSoon route={route} />;
};

/** The <Route>s (inside the layout) of every spec path the user may open, plus the section redirects. */
export const specRoutes = (allowed: RouteEntry[], groups: MenuNode[]) => [
  ...allowed.map((route) => <Route key={route.name} path={route.path} element={screenOf(route)} />),
  ...sectionRedirects(allowed, groups).map(({ path, to }) => (
    <Route key={`section:${path}`} path={path} element={<Navigate to={to} replace />} />
  )),
];
