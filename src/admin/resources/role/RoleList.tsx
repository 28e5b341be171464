import { columns, filters } from '../../../../generated/admin/role/RoleList';
import { SchemaList } from '../../kit';
import { AllocLinks } from './AllocLinks';

/** /ums/role: the generated list of roles, each row leading to its menu and resource allocation screens. */
export const RoleList = () => <SchemaList filters={filters} columns={columns} rowActions={<AllocLinks />} />;
