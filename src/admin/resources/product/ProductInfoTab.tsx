import { required } from 'react-admin';
import { ImageInput, NumberInput, ReferenceInput, ShopInput, TextInput, tenantShopProps } from '../../kit';
import { CategoryInput } from './CategoryCascaderInput';
import { FormRow } from '../../components/FormRow';
import { ProductStockInput } from './ProductStockInput';

const shop = tenantShopProps('product');

/** Step 1: what the product is — its shop, category, names, brand, numbers, pictures (rules from schemas/product.json). */
export const ProductInfoTab = () => (
  <>
    <ShopInput {...shop} />
    <CategoryInput source="productCategoryId" />
    <TextInput source="name" fullWidth />
    <TextInput source="subTitle" fullWidth />
    <ReferenceInput source="brandId" perPage={50} sx={{ minWidth: 240 }} />
    <TextInput source="description" />
    <FormRow>
      <TextInput source="productSn" />
      {/* The schema lets the API default a price; the form still asks for one, as it always has. */}
      <NumberInput source="price" validate={required()} />
      <NumberInput source="originalPrice" />
      <ProductStockInput />
      <NumberInput source="lowStock" />
      <TextInput source="unit" />
      <NumberInput source="weight" />
      <NumberInput source="sort" />
    </FormRow>
    <ImageInput source="pic" />
    <ImageInput source="albumPics" />
  </>
);
