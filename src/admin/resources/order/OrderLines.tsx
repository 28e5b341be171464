import { ArrayField, Datagrid, FunctionField, ResourceContextProvider, useLocale, useTranslate } from 'react-admin';
import type { OrderOperateHistory } from '../../../../generated/types';
import { seedText } from '../../i18n/seedText';
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

/**
 * A history note in the reader's language: its code's wording (the schema's labels) with its values, a seeded value
 * among them translated; a note without a code (an operator's own, or one older than the codes) as written.
 */
// `source` on the element itself: the Datagrid names the column's header from it.
const HistoryNote = ({ source }: { source: 'note' }) => {
  const translate = useTranslate();
  return (
    <FunctionField<OrderOperateHistory>
      source={source}
      render={(r) => {
        if (!r.noteCode) return r.note ?? '';
        const params = Object.fromEntries(Object.entries(r.noteParams ?? {}).map(([k, v]) => [k, seedText(v)]));
        return translate(`enums.orderOperateHistory.noteCode.${r.noteCode}`, { ...params, _: r.note ?? '' });
      }}
    />
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
          <HistoryNote source="note" />
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
