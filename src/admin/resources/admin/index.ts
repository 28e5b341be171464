import type { ResourceModule } from '../../screens';
import { AdminCreate } from './AdminCreate';
import { AdminEdit } from './AdminEdit';
import { AdminList } from './AdminList';

/** Admin accounts (/ums/admin): register, update, status and roles through their upstream calls. */
export const admin: Partial<ResourceModule> = { list: AdminList, create: AdminCreate, edit: AdminEdit };
