import { RoleForm } from '../../../../generated/admin/role/RoleForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../kit/SavedScreens';
import { RoleList } from './RoleList';

/** Roles (/ums/role); their menus and resources are allocated on /ums/allocMenu and /ums/allocResource. */
export const role: Partial<ResourceModule> = { list: RoleList, ...savedScreens(RoleForm) };
