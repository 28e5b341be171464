import { DatagridConfigurable, List, NumberField, TextField } from 'react-admin';
import { EnumField, ImageField, ListActions } from '../../kit';
import { ToggleField } from '../../kit/ToggleField';
import { batchCall } from '../../components/batchCall';
import { noWrapHeaders } from '../../components/noWrapHeaders';
import { PhoneOrTable } from '../../components/PhoneOrTable';
import { LabeledToggle } from '../../kit/LabeledToggle';
import { ProductBulkActions } from './ProductBulkActions';
import { ProductNameField } from './ProductNameField';
import { ProductRowActions } from './ProductRowActions';
import { productFilters } from './productFilters';
import { RecycleTabs } from './RecycleTabs';
import { SkuStockButton } from './SkuStockButton';

const toggle = (param: string) => batchCall('/product', param);
const money = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** /pms/product: filters, inline publish / new / recommend switches, SKU stock, batch operations, recycle bin. */
export const ProductList = () => (
  <List
    filters={productFilters}
    filterDefaultValues={{ deleteStatus: 0 }}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={10}
    actions={<ListActions />}
  >
    <RecycleTabs />
    <PhoneOrTable
      picture="pic"
      primary={(r) => r.name}
      tertiary={(r) => `#${r.id}`}
      secondary={
        <>
          <TextField source="productSn" />
          <NumberField source="price" options={money} />
          <EnumField source="verifyStatus" />
        </>
      }
      actions={
        <>
          <LabeledToggle source="publishStatus" call={toggle('publishStatus')} />
          <LabeledToggle source="newStatus" call={toggle('newStatus')} />
          <LabeledToggle source="recommandStatus" call={toggle('recommendStatus')} />
          <SkuStockButton source="stock" label="app.catalog.product.list.skuStock" />
          <ProductRowActions source="id" />
        </>
      }
    >
      <DatagridConfigurable rowClick={false} bulkActionButtons={<ProductBulkActions />} omit={['sort']} sx={noWrapHeaders}>
        <TextField source="id" />
        <ImageField source="pic" sortable={false} />
        <ProductNameField source="name" sortable={false} />
        <TextField source="productSn" sortable={false} />
        <NumberField source="price" options={money} />
        <SkuStockButton source="stock" sortable={false} label="app.catalog.product.list.skuStock" />
        <ToggleField source="publishStatus" sortable={false} call={toggle('publishStatus')} />
        <ToggleField source="newStatus" sortable={false} call={toggle('newStatus')} />
        <ToggleField source="recommandStatus" sortable={false} call={toggle('recommendStatus')} />
        <EnumField source="verifyStatus" sortable={false} />
        <NumberField source="sort" />
        <ProductRowActions source="id" label="app.catalog.actions" sortable={false} />
      </DatagridConfigurable>
    </PhoneOrTable>
  </List>
);
