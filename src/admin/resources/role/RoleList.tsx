import { RoleList as GeneratedRoleList } from '../../../../generated/admin/role/RoleList';
import { AllocLinks } from './AllocLinks';

/** /ums/role: the generated list of roles, each row leading to its menu and resource allocation screens. */
export const RoleList = () => <GeneratedRoleList rowActions={<AllocLinks />} />;
