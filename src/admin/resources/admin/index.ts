import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Admin accounts (/ums/admin): register, update, status and roles through their upstream calls. */
export const admin: ResourceModule = {
  list: lazyNamed(() => import('./AdminList'), 'AdminList'),
  create: lazyNamed(() => import('./AdminCreate'), 'AdminCreate'),
  edit: lazyNamed(() => import('./AdminEdit'), 'AdminEdit'),
};
