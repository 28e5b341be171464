import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Roles (/ums/role); their menus and resources are allocated on /ums/allocMenu and /ums/allocResource. */
export const role: ResourceModule = { list: lazyNamed(() => import('./RoleList'), 'RoleList') };
