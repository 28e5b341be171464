import type { ResourceModule } from '../../kit';
import { savedScreens } from '../../kit/SavedScreens';
import { MenuForm } from './MenuForm';
import { MenuList } from './MenuList';

/** The level follows the parent: a menu under another one is a second-level menu. */
const withLevel = (data: Record<string, unknown>) => ({ ...data, level: Number(data.parentId ?? 0) > 0 ? 1 : 0 });

/** Menus (/ums/menu, /ums/addMenu, /ums/updateMenu). */
export const menu: ResourceModule = {
  list: MenuList,
  ...savedScreens(MenuForm, withLevel),
};
