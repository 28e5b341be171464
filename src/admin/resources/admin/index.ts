import type { ResourceModule } from '../../kit';
import { AdminCreate } from './AdminCreate';
import { AdminEdit } from './AdminEdit';
import { AdminList } from './AdminList';

/** Admin accounts (/ums/admin): register, update, status and roles through their upstream calls. */
export const admin: ResourceModule = { list: AdminList, create: AdminCreate, edit: AdminEdit };
