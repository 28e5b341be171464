import { TextField } from 'react-admin';
import { columns, ProductList as GeneratedProductList } from '../../../../generated/admin/product/ProductList';
import { EnumField, MoneyField, pick } from '../../kit';
import { ProductBulkActions } from './ProductBulkActions';
import { ProductNameField } from './ProductNameField';
import { ProductRowActions } from './ProductRowActions';
import { productFilters } from './productFilters';
import { RecycleTabs } from './RecycleTabs';
import { SkuStockButton } from './SkuStockButton';

/**
 * /pms/product: the generated list with the product's own name and stock (with its SKU stock dialog) and no sales
 * column; upstream's filters, recycle-bin tabs, batch bar and row buttons (edit, or restore from the bin). Review is
 * the platform's, through its dialog with a note: shown, not an inline switch.
 */
export const ProductList = () => (
  <GeneratedProductList
    filters={productFilters}
    columns={[
      ...pick(columns, 'id', 'pic'),
      <ProductNameField key="name" source="name" sortable={false} />,
      ...pick(columns, 'productSn', 'price'),
      <SkuStockButton key="stock" source="stock" sortable={false} label="app.catalog.product.list.skuStock" />,
      ...pick(columns, 'publishStatus', 'newStatus', 'recommandStatus'),
      <EnumField key="verifyStatus" source="verifyStatus" sortable={false} />,
      ...pick(columns, 'sort'),
    ]}
    omit={['sort']}
    tabs={<RecycleTabs />}
    switches={['publishStatus', 'newStatus', 'recommandStatus']}
    phoneDetails={
      <>
        <TextField source="productSn" />
        <MoneyField source="price" />
        <EnumField source="verifyStatus" />
      </>
    }
    phoneActions={<SkuStockButton source="stock" />}
    rowActions={<ProductRowActions />}
    noRowActions
    bulkActionButtons={<ProductBulkActions />}
  />
);
