import { ArrayField, Datagrid, FunctionField, ResourceContextProvider, useLocale } from 'react-admin';
import { SchemaField } from '../../kit';
import { Scroll } from './OrderSection';

const money = (locale: string, n: number) =>
  n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The order's line items: picture, name, brand, price, sn, attributes, quantity and subtotal. */
export const OrderLines = () => {
  const locale = useLocale();
  return (
    <ResourceContextProvider value="orderItem">
      <Scroll>
        <ArrayField source="orderItemList">
          <Datagrid bulkActionButtons={false} rowClick={false} data-testid="order-lines">
            <SchemaField source="productPic" />
            <SchemaField source="productName" />
            <SchemaField source="productBrand" />
            <SchemaField source="productPrice" />
            <SchemaField source="productSn" />
            <SchemaField source="productAttr" />
            <SchemaField source="productQuantity" />
            <FunctionField
              label="app.order.subtotal"
              textAlign="right"
              render={(r) => money(locale, Number(r.productPrice) * Number(r.productQuantity))}
            />
          </Datagrid>
        </ArrayField>
      </Scroll>
    </ResourceContextProvider>
  );
};

/** Operation history, newest first: operator, time, status after the operation, note. */
export const OrderHistory = () => (
  <ResourceContextProvider value="orderOperateHistory">
    <Scroll>
      <ArrayField source="historyList">
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid="order-history">
          <SchemaField source="operateMan" />
          <SchemaField source="createTime" />
          <SchemaField source="orderStatus" />
          <SchemaField source="note" />
        </Datagrid>
      </ArrayField>
    </Scroll>
  </ResourceContextProvider>
);

/** Station messages sent to the order's member. */
export const OrderMessages = () => (
  <ResourceContextProvider value="orderMessage">
    <Scroll>
      <ArrayField source="messageList">
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<span />} data-testid="order-messages">
          <SchemaField source="title" />
          <SchemaField source="content" />
          <SchemaField source="operateMan" />
          <SchemaField source="createTime" />
        </Datagrid>
      </ArrayField>
    </Scroll>
  </ResourceContextProvider>
);
