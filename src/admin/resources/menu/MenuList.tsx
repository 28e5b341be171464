import { MenuList as GeneratedMenuList } from '../../../../generated/admin/menu/MenuList';
import { ChildrenButton } from './ChildrenButton';
import { MenuListActions } from './MenuListActions';

/** /ums/menu: the generated list, one level of the menu tree at a time (top level first, then a parent's children). */
export const MenuList = () => (
  <GeneratedMenuList
    filters={[]}
    filterDefaultValues={{ parentId: 0 }}
    actions={<MenuListActions />}
    rowActions={<ChildrenButton />}
  />
);
