import { DatagridConfigurable, List, NumberField, SearchInput, TextField } from 'react-admin';
import { ListActions } from '../../kit';
import { TypeRowActions } from './TypeRowActions';

const filters = [<SearchInput key="keyword" source="keyword" alwaysOn />];

/** /pms/productAttr: product types with their spec and param counts and lists. */
export const TypeList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={10} actions={<ListActions />}>
    <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <NumberField source="attributeCount" sortable={false} />
      <NumberField source="paramCount" sortable={false} />
      <TypeRowActions source="id" label="app.catalog.actions" sortable={false} />
    </DatagridConfigurable>
  </List>
);
