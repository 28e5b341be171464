import { DatagridConfigurable, List, NumberField, SearchInput, TextField } from 'react-admin';
import { entities } from '../../../../generated/entities';
import { EnumInput, ImageField, ListActions } from '../../kit';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { ToggleField } from '../../kit/ToggleField';
import { batchCall } from '../../components/batchCall';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { useCanChange } from '../../components/useCanChange';

const filters = [
  <SearchInput key="keyword" source="keyword" alwaysOn />,
  <EnumInput key="showStatus" source="showStatus" values={[0, 1]} />,
  <EnumInput key="factoryStatus" source="factoryStatus" values={[0, 1]} />,
];

const { path } = entities.brand;
const factoryCall = batchCall(path, 'factoryStatus');
const showCall = batchCall(path, 'showStatus');

/**
 * /pms/brand: logo, name, first letter, inline manufacturer / shown switches (upstream's form-body batch calls).
 * Sellers read the platform's brands: no switches, no edit / delete column.
 */
export const BrandList = () => {
  const canChange = useCanChange();
  if (canChange === undefined) return null;
  const actions = canChange && <EditDeleteActions label="app.catalog.actions" />;
  return (
    <List filters={filters} sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<ListActions />}>
      <PhoneOrTable
        picture="logo"
        primary={(r) => r.name}
        tertiary={(r) => `#${r.id}`}
        secondary={<TextField source="firstLetter" />}
        actions={
          <>
            <LabeledToggle source="factoryStatus" call={factoryCall} />
            <LabeledToggle source="showStatus" call={showCall} />
            {actions}
          </>
        }
      >
        <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
          <TextField source="id" />
          <ImageField source="logo" sortable={false} />
          <TextField source="name" />
          <TextField source="firstLetter" />
          <NumberField source="sort" />
          <ToggleField source="factoryStatus" sortable={false} call={factoryCall} />
          <ToggleField source="showStatus" sortable={false} call={showCall} />
          <NumberField source="productCount" />
          {actions}
        </DatagridConfigurable>
      </PhoneOrTable>
    </List>
  );
};
