import { DatagridConfigurable, List, NumberField, SearchInput, TextField } from 'react-admin';
import { EnumInput, ImageField, ListActions } from '../../kit';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { ToggleField } from '../../components/ToggleField';
import { batchCall } from '../../components/batchCall';

const filters = [
  <SearchInput key="keyword" source="keyword" alwaysOn />,
  <EnumInput key="showStatus" source="showStatus" values={[0, 1]} />,
  <EnumInput key="factoryStatus" source="factoryStatus" values={[0, 1]} />,
];

/** /pms/brand: logo, name, first letter, inline manufacturer / shown switches (upstream's form-body batch calls). */
export const BrandList = () => (
  <List filters={filters} sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<ListActions />}>
    <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
      <TextField source="id" />
      <ImageField source="logo" sortable={false} />
      <TextField source="name" />
      <TextField source="firstLetter" />
      <NumberField source="sort" />
      <ToggleField source="factoryStatus" sortable={false} call={batchCall('/brand', 'factoryStatus')} />
      <ToggleField source="showStatus" sortable={false} call={batchCall('/brand', 'showStatus')} />
      <NumberField source="productCount" />
      <EditDeleteActions label="app.catalog.actions" />
    </DatagridConfigurable>
  </List>
);
