import { savedScreens } from '../../kit/SavedScreens';
import { MenuForm } from './MenuForm';
import { MenuLevel } from '../../../../generated/enums';

/** The level follows the parent: a menu under another one is a second-level menu. */
const withLevel = (data: Record<string, unknown>) => ({
  ...data,
  level: Number(data.parentId ?? 0) > 0 ? MenuLevel.second : MenuLevel.top,
});

const screens = savedScreens(MenuForm, withLevel);
export const MenuCreate = screens.create;
export const MenuEdit = screens.edit;
