import { Datagrid, EditButton, List, NumberField, TextField, WrapperField } from 'react-admin';
import { EnumField } from '../../kit';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { DeleteRowButton } from '../../components/DeleteRowButton';
import { ToggleField } from '../../kit/ToggleField';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { ChildrenButton } from './ChildrenButton';
import { MenuListActions } from './MenuListActions';
import { SeedTextField } from '../../kit/SeedTextField';
import { seedText } from '../../i18n/seedText';

const hiddenCall = (id: unknown, hidden: number) => ({ path: `/menu/updateHidden/${id}`, query: { hidden } });

/** /ums/menu: one level of the menu tree at a time (top level first, then a parent's children). */
export const MenuList = () => (
  <List filterDefaultValues={{ parentId: 0 }} sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<MenuListActions />}>
    <PhoneOrTable
      primary={(r) => seedText(r.title, 'menu')}
      tertiary={(r) => `#${r.id}`}
      secondary={
        <>
          <TextField source="name" />
          <EnumField source="level" />
        </>
      }
      actions={
        <>
          <LabeledToggle source="hidden" onValue={0} call={hiddenCall} />
          <ChildrenButton />
          <EditButton />
          <DeleteRowButton />
        </>
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false} sx={noWrapHeaders}>
        <TextField source="id" />
        <SeedTextField source="title" sortable={false} />
        <EnumField source="level" sortable={false} />
        <TextField source="name" sortable={false} />
        <TextField source="icon" sortable={false} />
        <ToggleField source="hidden" sortable={false} onValue={0} call={hiddenCall} />
        <NumberField source="sort" />
        <WrapperField label="app.access.actions">
          <ChildrenButton />
          <EditButton />
          <DeleteRowButton />
        </WrapperField>
      </Datagrid>
    </PhoneOrTable>
  </List>
);
