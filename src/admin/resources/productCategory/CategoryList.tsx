import { DatagridConfigurable, List, NumberField, SearchInput, TextField } from 'react-admin';
import { EnumField } from '../../kit';
import { ToggleField } from '../../kit/ToggleField';
import { entities } from '../../../../generated/entities';
import { batchCall } from '../../components/batchCall';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { CategoryListActions } from './CategoryListActions';
import { CategoryListHeader } from './CategoryListHeader';
import { CategoryRowActions } from './CategoryRowActions';
import { SeedTextField } from '../../kit/SeedTextField';
import { seedText } from '../../i18n/seedText';

const filters = [<SearchInput key="keyword" source="keyword" alwaysOn />];
const navCall = batchCall(entities.productCategory.path, 'navStatus');
const showCall = batchCall(entities.productCategory.path, 'showStatus');

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
    <PhoneOrTable
      primary={(r) => seedText(r.name, 'productCategory')}
      tertiary={(r) => `#${r.id}`}
      secondary={
        <>
          <EnumField source="level" />
          <NumberField source="productCount" />
        </>
      }
      actions={
        <>
          <LabeledToggle source="navStatus" call={navCall} />
          <LabeledToggle source="showStatus" call={showCall} />
          <CategoryRowActions source="id" />
        </>
      }
    >
      <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <SeedTextField source="name" />
        <EnumField source="level" sortable={false} />
        <NumberField source="productCount" />
        <SeedTextField source="productUnit" sortable={false} />
        <ToggleField source="navStatus" sortable={false} call={navCall} />
        <ToggleField source="showStatus" sortable={false} call={showCall} />
        <NumberField source="sort" />
        <CategoryRowActions source="id" label="app.catalog.actions" sortable={false} />
      </DatagridConfigurable>
    </PhoneOrTable>
  </List>
);
