import type { ResourceModule } from '../../kit';
import { RoleList } from './RoleList';

/** Roles (/ums/role); their menus and resources are allocated on /ums/allocMenu and /ums/allocResource. */
export const role: ResourceModule = { list: RoleList };
