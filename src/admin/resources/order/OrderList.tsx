import { OrderList as GeneratedOrderList } from '../../../../generated/admin/order/OrderList';
import { OrderBulkActions } from './OrderBulkActions';
import { OrderRowActions } from './OrderRowActions';

/** /oms/order: the generated list (filters, status tabs with counts) with the order's own row and batch actions. */
export const OrderList = () => (
  <GeneratedOrderList rowActions={<OrderRowActions />} bulkActions={<OrderBulkActions />} />
);
