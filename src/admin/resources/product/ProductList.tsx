import { DatagridConfigurable, List, TextField } from 'react-admin';
import { columns } from '../../../../generated/admin/product/ProductList';
import { EnumField, ListActions, listSort, MoneyField, pick } from '../../kit';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { ProductBulkActions } from './ProductBulkActions';
import { ProductNameField } from './ProductNameField';
import { ProductRowActions } from './ProductRowActions';
import { productFilters } from './productFilters';
import { RecycleTabs } from './RecycleTabs';
import { SkuStockButton } from './SkuStockButton';

/** /pms/product: the generated columns with the product's own name, stock and actions; filters, inline publish / new / recommend switches, SKU stock, batch operations, recycle bin. */
export const ProductList = () => (
  <List filters={productFilters} sort={listSort('product')} perPage={10} actions={<ListActions />}>
    <RecycleTabs />
    <PhoneOrTable
      picture="pic"
      primary={(r) => r.name}
      tertiary={(r) => `#${r.id}`}
      secondary={
        <>
          <TextField source="productSn" />
          <MoneyField source="price" />
          <EnumField source="verifyStatus" />
        </>
      }
      actions={
        <>
          <LabeledToggle source="publishStatus" />
          <LabeledToggle source="newStatus" />
          <LabeledToggle source="recommandStatus" />
          <SkuStockButton source="stock" label="app.catalog.product.list.skuStock" />
          <ProductRowActions source="id" />
        </>
      }
    >
      <DatagridConfigurable
        rowClick={false}
        bulkActionButtons={<ProductBulkActions />}
        omit={['sort']}
        sx={noWrapHeaders}
      >
        {pick(columns, 'id', 'pic')}
        <ProductNameField source="name" sortable={false} />
        {pick(columns, 'productSn', 'price')}
        <SkuStockButton source="stock" sortable={false} label="app.catalog.product.list.skuStock" />
        {pick(columns, 'publishStatus', 'newStatus', 'recommandStatus')}
        {/* Review is the platform's, through its dialog with a note: no inline switch. */}
        <EnumField source="verifyStatus" sortable={false} />
        {pick(columns, 'sort')}
        <ProductRowActions source="id" label="app.catalog.actions" sortable={false} />
      </DatagridConfigurable>
    </PhoneOrTable>
  </List>
);
