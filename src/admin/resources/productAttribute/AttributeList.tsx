import { CreateButton, TopToolbar, useListContext } from 'react-admin';
import { columns, ProductAttributeList } from '../../../../generated/admin/productAttribute/ProductAttributeList';
import { pick, ServerExportButton } from '../../kit';
import { ResourceCalls } from '../../components/ResourceCalls';
import { createAttributeLink } from './attributeLinks';
import { AttributeListHeader } from './AttributeListHeader';
import { listAttributes } from './listAttributes';
import { ProductAttributeType } from '../../../../generated/enums';

const Actions = () => {
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      <CreateButton to={createAttributeLink(filterValues.productAttributeCategoryId, filterValues.type ?? 0)} />
      <ServerExportButton />
    </TopToolbar>
  );
};

/** /pms/productAttrList: the generated columns for the spec (type 0) or param (type 1) attributes of one product type. */
export const AttributeList = () => (
  <ResourceCalls resource="productAttribute" getList={listAttributes}>
    <ProductAttributeList
      filters={[]}
      columns={pick(columns, 'id', 'name', 'selectType', 'inputType', 'inputList', 'sort')}
      filterDefaultValues={{ type: ProductAttributeType.spec }}
      actions={<Actions />}
      header={<AttributeListHeader />}
      empty={false}
    />
  </ResourceCalls>
);
