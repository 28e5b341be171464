import { Box } from '@mui/material';
import { OrderList as GeneratedOrderList } from '../../../../generated/admin/order/OrderList';
import { SchemaField } from '../../kit';
import { OrderBulkActions } from './OrderBulkActions';
import { OrderRowActions } from './OrderRowActions';

/** A phone row under the order number: who, how much, which status. */
const PhoneDetails = () => (
  <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
    <SchemaField source="memberUsername" />
    <SchemaField source="payAmount" />
    <SchemaField source="status" />
  </Box>
);

/**
 * /oms/order: the generated list (filters, status tabs with counts) with the order's own row and batch actions; its
 * batch bar replaces the schema's, whose delete would not leave out the orders that cannot be deleted.
 */
export const OrderList = () => (
  <GeneratedOrderList
    rowActions={<OrderRowActions />}
    bulkActionButtons={<OrderBulkActions />}
    phoneDetails={<PhoneDetails />}
  />
);
