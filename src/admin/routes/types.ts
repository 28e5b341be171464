export type { MenuDef as MenuNode, RouteDef as RouteEntry, MenuView as View } from '../../../generated/menus';

/** What the server grants: ums_menu rows (only name, sort and hidden matter to routing and the sidebar). */
export interface GrantedMenu {
  name: string;
  sort?: number;
  hidden?: number | boolean;
}
