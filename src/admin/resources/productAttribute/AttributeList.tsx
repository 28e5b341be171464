import { CreateButton, DatagridConfigurable, List, NumberField, TextField, TopToolbar, useListContext } from 'react-admin';
import { EnumField } from '../../kit';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { ResourceCalls } from '../../components/ResourceCalls';
import { createAttributeLink } from './attributeLinks';
import { AttributeListHeader } from './AttributeListHeader';
import { listAttributes } from './listAttributes';

const Actions = () => {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <CreateButton to={createAttributeLink(filterValues.productAttributeCategoryId, filterValues.type ?? 0)} />
    </TopToolbar>
  );
};

/** /pms/productAttrList: the spec (type 0) or param (type 1) attributes of one product type. */
export const AttributeList = () => (
  <ResourceCalls resource="productAttribute" getList={listAttributes}>
    <List filterDefaultValues={{ type: 0 }} sort={{ field: 'sort', order: 'DESC' }} perPage={10} actions={<Actions />} empty={false}>
      <AttributeListHeader />
      <DatagridConfigurable rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" sortable={false} />
        <EnumField source="selectType" sortable={false} />
        <EnumField source="inputType" sortable={false} />
        <TextField source="inputList" sortable={false} />
        <NumberField source="sort" />
        <EditDeleteActions label="app.catalog.actions" />
      </DatagridConfigurable>
    </List>
  </ResourceCalls>
);
