import { RoleForm } from '../../../../generated/admin/role/RoleForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../components/savedScreens';
import { RoleList } from './RoleList';

/** Roles (/ums/role); their menus and resources are allocated on /ums/allocMenu and /ums/allocResource. */
export const role: Partial<ResourceModule> = { list: RoleList, ...savedScreens(RoleForm, { status: 1, sort: 0 }) };
