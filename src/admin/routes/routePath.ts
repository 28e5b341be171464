import { routes } from '../../../generated/menus';

/** The spec path of a route by its name (`deliverOrderList` → `/oms/deliverOrderList`), from app-menus.json. */
export const routePath = (name: string): string => {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`No route ${name}`);
  return route.path;
};
