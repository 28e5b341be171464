import { DatagridConfigurable, DateField, EditButton, EmailField, List, SearchInput, TextField, WrapperField } from 'react-admin';
import { EnumInput, ListActions } from '../../kit';
import { AssignRolesButton } from './AssignRolesButton';
import { RolesField } from './RolesField';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { DeleteRowButton } from '../../components/DeleteRowButton';
import { ToggleField } from '../../kit/ToggleField';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';

const filters = [
  <SearchInput key="keyword" source="keyword" alwaysOn />,
  <EnumInput key="status" source="status" values={[0, 1]} />,
];

const statusCall = (id: unknown, status: number) => ({ path: `/admin/updateStatus/${id}`, query: { status } });

/** /ums/admin: accounts with their roles, an inline enable switch, assign roles, edit, delete. */
export const AdminList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={10} actions={<ListActions />}>
    <PhoneOrTable
      primary={(r) => r.username}
      tertiary={(r) => `#${r.id}`}
      secondary={
        <>
          <TextField source="nickName" />
          <EmailField source="email" />
          <RolesField label="app.access.admin.roles" />
        </>
      }
      actions={
        <>
          <LabeledToggle source="status" call={statusCall} />
          <AssignRolesButton />
          <EditButton />
          <DeleteRowButton />
        </>
      }
    >
      <DatagridConfigurable rowClick={false} bulkActionButtons={false} sx={noWrapHeaders}>
        <TextField source="id" />
        <TextField source="username" />
        <TextField source="nickName" sortable={false} />
        <EmailField source="email" sortable={false} />
        <RolesField label="app.access.admin.roles" />
        <DateField source="createTime" showTime />
        <DateField source="loginTime" showTime />
        <ToggleField source="status" sortable={false} call={statusCall} />
        <WrapperField label="app.access.actions">
          <AssignRolesButton />
          <EditButton />
          <DeleteRowButton />
        </WrapperField>
      </DatagridConfigurable>
    </PhoneOrTable>
  </List>
);
