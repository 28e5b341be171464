import { AdminList as GeneratedAdminList, columns } from '../../../../generated/admin/admin/AdminList';
import { pick } from '../../kit';
import { AssignRolesButton } from './AssignRolesButton';
import { RolesField } from './RolesField';

const roles = <RolesField key="roles" label="app.access.admin.roles" />;

/** /ums/admin: the generated list of accounts with their roles and an assign-roles button per row. */
export const AdminList = () => (
  <GeneratedAdminList
    columns={[
      ...pick(columns, 'id', 'username', 'nickName', 'email'),
      roles,
      ...pick(columns, 'createTime', 'loginTime', 'status'),
    ]}
    phoneDetails={roles}
    rowActions={<AssignRolesButton />}
  />
);
