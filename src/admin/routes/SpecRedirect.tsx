import { Navigate, useLocation } from 'react-router-dom';
import { hasResource } from '../screens';
import { resourcePath } from './routeTable';
import type { RouteEntry } from './types';

/** A spec path served by a react-admin resource: `/pms/updateBrand?id=3` → `/brand/3`. */
export const SpecRedirect = ({ route }: { route: RouteEntry }) => {
  const { search } = useLocation();
  return <Navigate to={resourcePath(route, search, hasResource) ?? '/404'} replace />;
};
