import { savedScreens } from '../../kit/SavedScreens';
import { MenuForm } from './MenuForm';

/** The level follows the parent: a menu under another one is a second-level menu. */
const withLevel = (data: Record<string, unknown>) => ({ ...data, level: Number(data.parentId ?? 0) > 0 ? 1 : 0 });

const screens = savedScreens(MenuForm, withLevel);
export const MenuCreate = screens.create;
export const MenuEdit = screens.edit;
