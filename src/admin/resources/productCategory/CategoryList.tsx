import { DatagridConfigurable, List, NumberField, SearchInput, TextField } from 'react-admin';
import { EnumField } from '../../kit';
import { ToggleField } from '../../components/ToggleField';
import { batchCall } from '../../components/batchCall';
import { CategoryListActions } from './CategoryListActions';
import { CategoryListHeader } from './CategoryListHeader';
import { CategoryRowActions } from './CategoryRowActions';

const filters = [<SearchInput key="keyword" source="keyword" alwaysOn />];

/** /pms/productCate: the categories of one parent (top level first), drill-down to children, inline switches. */
export const CategoryList = () => (
  <List
    filters={filters}
    filterDefaultValues={{ parentId: 0 }}
    sort={{ field: 'sort', order: 'DESC' }}
    perPage={10}
    actions={<CategoryListActions />}
  >
    <CategoryListHeader />
    <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <EnumField source="level" sortable={false} />
      <NumberField source="productCount" />
      <TextField source="productUnit" sortable={false} />
      <ToggleField source="navStatus" sortable={false} call={batchCall('/productCategory', 'navStatus')} />
      <ToggleField source="showStatus" sortable={false} call={batchCall('/productCategory', 'showStatus')} />
      <NumberField source="sort" />
      <CategoryRowActions source="id" label="app.catalog.actions" sortable={false} />
    </DatagridConfigurable>
  </List>
);
