import { DatagridConfigurable, DateField, EditButton, List, NumberField, SearchInput, TextField, WrapperField } from 'react-admin';
import { EnumField, EnumInput, ListActions } from '../../kit';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { DeleteRowButton } from '../../components/DeleteRowButton';
import { ToggleField } from '../../kit/ToggleField';
import { AllocLinks } from './AllocLinks';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { SeedTextField } from '../../kit/SeedTextField';
import { seedText } from '../../i18n/seedText';

const filters = [
  <SearchInput key="keyword" source="keyword" alwaysOn />,
  <EnumInput key="status" source="status" values={[0, 1]} />,
];

const statusCall = (id: unknown, status: number) => ({ path: `/role/updateStatus/${id}`, query: { status } });

/** /ums/role: roles with an inline enable switch and their menus / resources allocation screens. */
export const RoleList = () => (
  <List filters={filters} sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<ListActions />}>
    <PhoneOrTable
      primary={(r) => seedText(r.name, 'role')}
      tertiary={(r) => `#${r.id}`}
      secondary={
        <>
          <SeedTextField source="description" />
          <EnumField source="platform" />
        </>
      }
      actions={
        <>
          <LabeledToggle source="status" call={statusCall} />
          <AllocLinks />
          <EditButton />
          <DeleteRowButton />
        </>
      }
    >
      <DatagridConfigurable rowClick={false} bulkActionButtons={false} sx={noWrapHeaders}>
        <TextField source="id" />
        <SeedTextField source="name" />
        <SeedTextField source="description" sortable={false} />
        <EnumField source="platform" sortable={false} />
        <NumberField source="adminCount" sortable={false} />
        <DateField source="createTime" showTime />
        <ToggleField source="status" sortable={false} call={statusCall} />
        <NumberField source="sort" />
        <WrapperField label="app.access.actions">
          <AllocLinks />
          <EditButton />
          <DeleteRowButton />
        </WrapperField>
      </DatagridConfigurable>
    </PhoneOrTable>
  </List>
);
