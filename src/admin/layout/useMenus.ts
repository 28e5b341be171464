import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { menuGroups, routes } from '../../../generated/menus';
import type { Permissions } from '../providers/authProvider';
import { matchRoute } from '../routes/routeTable';
import { linkOf } from '../screens/resourceScreens';
import { buildMenuTree } from './menuTree';

/** The sidebar / bottom bar entries of the logged-in user. */
export const useMenuEntries = () => {
  const { permissions } = usePermissions<Permissions>();
  return useMemo(() => buildMenuTree(menuGroups, permissions?.menus ?? [], linkOf), [permissions]);
};

/** The menu name to highlight: the current route, or for a hidden one (edit, detail) its resource's list route. */
export const useActiveMenu = (): string | undefined => {
  const { pathname } = useLocation();
  return useMemo(() => {
    const route = matchRoute(pathname, routes);
    if (!route?.hidden) return route?.name;
    return routes.find((r) => !r.hidden && r.group === route.group && r.resource && r.resource === route.resource)
      ?.name;
  }, [pathname]);
};
