import { AutocompleteInput, NumberInput, ReferenceInput, TextInput, minValue, required } from 'react-admin';
import { ImageInput, ShopInput, lengthBetween, tenantShopProps } from '../../kit';
import { CategoryCascaderInput } from './CategoryCascaderInput';
import { FormRow } from '../../components/FormRow';
import { ProductStockInput } from './ProductStockInput';

const shop = tenantShopProps('product');

/** Step 1: what the product is — its shop, category, names, brand, numbers, pictures. */
export const ProductInfoTab = () => (
  <>
    <ShopInput {...shop} />
    <CategoryCascaderInput source="productCategoryId" label="resources.product.fields.productCategoryId" validate={required()} />
    <TextInput source="name" validate={[required(), lengthBetween(2, 140)]} fullWidth />
    <TextInput source="subTitle" validate={[required(), lengthBetween(1, 255)]} fullWidth />
    <ReferenceInput source="brandId" reference="brand" perPage={50}>
      <AutocompleteInput optionText="name" sx={{ minWidth: 240 }} />
    </ReferenceInput>
    <TextInput source="description" multiline minRows={3} fullWidth validate={[required(), lengthBetween(1, 10000)]} />
    <FormRow>
      <TextInput source="productSn" validate={lengthBetween(0, 64)} />
      <NumberInput source="price" validate={[required(), minValue(0)]} />
      <NumberInput source="originalPrice" validate={minValue(0)} />
      <ProductStockInput />
      <NumberInput source="lowStock" validate={minValue(0)} />
      <TextInput source="unit" validate={lengthBetween(0, 16)} />
      <NumberInput source="weight" validate={minValue(0)} />
      <NumberInput source="sort" />
    </FormRow>
    <ImageInput source="pic" />
    <ImageInput source="albumPics" multiple />
  </>
);
