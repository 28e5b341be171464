import { AutocompleteInput, ReferenceInput, SearchInput, TextInput } from 'react-admin';
import { EnumFilter } from '../../kit';
import { CategoryCascaderInput } from './CategoryCascaderInput';

/** Upstream's product query (keyword, product sn, category, brand, publish and verify status), plus the shop. */
export const productFilters = [
  <SearchInput key="keyword" source="keyword" alwaysOn />,
  <TextInput key="productSn" source="productSn" />,
  <CategoryCascaderInput
    key="productCategoryId"
    source="productCategoryId"
    label="resources.product.fields.productCategoryId"
  />,
  <ReferenceInput key="brandId" source="brandId" reference="brand" perPage={50}>
    <AutocompleteInput optionText="name" sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <EnumFilter key="publishStatus" source="publishStatus" />,
  <EnumFilter key="verifyStatus" source="verifyStatus" />,
  // Platform staff filter by any shop; a seller's shop list holds only its own shops.
  <ReferenceInput key="shopId" source="shopId" reference="shop" perPage={50}>
    <AutocompleteInput optionText="shopName" sx={{ minWidth: 200 }} />
  </ReferenceInput>,
];
