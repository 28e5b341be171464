import { DatagridConfigurable, List, NumberField, SearchInput, TextField } from 'react-admin';
import { ListActions } from '../../kit';
import { TypeRowActions } from './TypeRowActions';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { SeedTextField } from '../../kit/SeedTextField';
import { seedText } from '../../i18n/seedText';

const filters = [<SearchInput key="keyword" source="keyword" alwaysOn />];

/** /pms/productAttr: product types with their spec and param counts and lists. */
export const TypeList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={10} actions={<ListActions />}>
    <PhoneOrTable primary={(r) => seedText(r.name, 'productAttributeCategory')} tertiary={(r) => `#${r.id}`} actions={<TypeRowActions source="id" />}>
      <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <SeedTextField source="name" />
        <NumberField source="attributeCount" sortable={false} />
        <NumberField source="paramCount" sortable={false} />
        <TypeRowActions source="id" label="app.catalog.actions" sortable={false} />
      </DatagridConfigurable>
    </PhoneOrTable>
  </List>
);
