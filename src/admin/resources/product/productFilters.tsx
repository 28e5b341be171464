import { filters } from '../../../../generated/admin/product/ProductList';
import { pick } from '../../kit';
import { CategoryCascaderInput } from './CategoryCascaderInput';

/**
 * Upstream's product query (keyword, product sn, category, brand, publish and verify status), plus the shop: the
 * schema's filters, the category as upstream's two-level cascader. The recycle bin (deleteStatus) is the list's tabs;
 * the new and recommended switches are columns. A seller's shop list holds only its own shops.
 */
export const productFilters = [
  ...pick(filters, 'keyword', 'productSn'),
  <CategoryCascaderInput
    key="productCategoryId"
    source="productCategoryId"
    label="resources.product.fields.productCategoryId"
  />,
  ...pick(filters, 'brandId', 'publishStatus', 'verifyStatus', 'shopId'),
];
