import { CreateButton, DatagridConfigurable, List, NumberField, TextField, TopToolbar, useListContext } from 'react-admin';
import { EnumField } from '../../kit';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { ResourceCalls } from '../../components/ResourceCalls';
import { useCanChange } from '../../components/useCanChange';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { createAttributeLink } from './attributeLinks';
import { AttributeListHeader } from './AttributeListHeader';
import { listAttributes } from './listAttributes';
import { SeedTextField } from '../../kit/SeedTextField';
import { seedText } from '../../i18n/seedText';

const Actions = () => {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <CreateButton to={createAttributeLink(filterValues.productAttributeCategoryId, filterValues.type ?? 0)} />
    </TopToolbar>
  );
};

/** /pms/productAttrList: the spec (type 0) or param (type 1) attributes of one product type. */
export const AttributeList = () => {
  const canChange = useCanChange();
  if (canChange === undefined) return null;
  const actions = canChange && <EditDeleteActions label="app.catalog.actions" />;
  return (
    <ResourceCalls resource="productAttribute" getList={listAttributes}>
      <List filterDefaultValues={{ type: 0 }} sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<Actions />} empty={false}>
        <AttributeListHeader />
        <PhoneOrTable
          primary={(r) => seedText(r.name, 'productAttribute')}
          tertiary={(r) => `#${r.id}`}
          secondary={
            <>
              <EnumField source="selectType" />
              <SeedTextField source="inputList" />
            </>
          }
          actions={actions}
        >
          <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
            <TextField source="id" />
            <SeedTextField source="name" sortable={false} />
            <EnumField source="selectType" sortable={false} />
            <EnumField source="inputType" sortable={false} />
            <SeedTextField source="inputList" sortable={false} />
            <NumberField source="sort" />
            {actions}
          </DatagridConfigurable>
        </PhoneOrTable>
      </List>
    </ResourceCalls>
  );
};
