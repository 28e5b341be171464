import { columns } from '../../../../generated/admin/menu/MenuList';
import { SchemaList } from '../../kit';
import { ChildrenButton } from './ChildrenButton';
import { MenuListActions } from './MenuListActions';

/** /ums/menu: the generated columns, one level of the menu tree at a time (top level first, then a parent's children). */
export const MenuList = () => (
  <SchemaList columns={columns} filterDefaultValues={{ parentId: 0 }} actions={<MenuListActions />} rowActions={<ChildrenButton />} />
);
