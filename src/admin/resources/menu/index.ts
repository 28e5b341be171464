import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Menus (/ums/menu, /ums/addMenu, /ums/updateMenu). */
export const menu: ResourceModule = {
  list: lazyNamed(() => import('./MenuList'), 'MenuList'),
  create: lazyNamed(() => import('./MenuScreens'), 'MenuCreate'),
  edit: lazyNamed(() => import('./MenuScreens'), 'MenuEdit'),
};
