import { Box, Stack } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { RECEIVER_FIELDS } from '../../../shared/order-states';
import { routePath } from '../../routes/routePath';
import { FeesButton, MarkButton, MessageButton, ReceiverButton, TrackButton } from './OrderDialogs';
import { OrderHistory, OrderLines, OrderMessages } from './OrderLines';
import { FieldGrid, OrderSection } from './OrderSection';
import { CloseButton, DeleteButton, ShipButton } from './OrderRowActions';
import { OrderSteps } from './OrderSteps';

const BASIC = [
  'orderSn',
  'createTime',
  'memberUsername',
  'payType',
  'sourceType',
  'orderType',
  'status',
  'payStatus',
  'deliveryStatus',
  'deliveryCompany',
  'deliverySn',
  'autoConfirmDay',
  'integration',
  'growth',
  'promotionInfo',
  'note',
];
const FEES = [
  'totalAmount',
  'freightAmount',
  'couponAmount',
  'integrationAmount',
  'promotionAmount',
  'discountAmount',
  'payAmount',
];

/** What the order's status allows (and the caller's role): each button hides otherwise. */
const OrderActions = () => {
  const navigate = useNavigate();
  const record = useRecordContext();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-start' }}>
      <ListButton />
      {record && (
        <>
          <ShipButton />
          <TrackButton />
          <ReceiverButton />
          <FeesButton />
          <MarkButton />
          <MessageButton />
          <CloseButton />
          <DeleteButton onDeleted={() => void navigate(routePath('order'))} />
        </>
      )}
    </TopToolbar>
  );
};

/**
 * /oms/orderDetail?id=…: the order as `GET /order/{id}` answers it (lines, history, logistics, messages): progress,
 * basic info, receiver, lines, fees, history and messages, with the actions its status allows.
 */
export const OrderShow = () => (
  // The card may shrink below its tables' width (a flex item's minimum is its content's): they scroll in their boxes.
  <Show actions={<OrderActions />} component="div" sx={{ '& .RaShow-card': { minWidth: 0 } }}>
    <Stack spacing={2} sx={{ mb: 4 }}>
      <Box>
        <OrderSteps />
      </Box>
      <OrderSection title="app.order.sections.basic">
        <FieldGrid sources={BASIC} />
      </OrderSection>
      <OrderSection title="app.order.sections.receiver">
        <FieldGrid sources={[...RECEIVER_FIELDS]} />
      </OrderSection>
      <OrderSection title="app.order.sections.lines">
        <OrderLines />
      </OrderSection>
      <OrderSection title="app.order.sections.fees">
        <FieldGrid sources={FEES} />
      </OrderSection>
      <OrderSection title="app.order.sections.history">
        <OrderHistory />
      </OrderSection>
      <OrderSection title="app.order.sections.messages">
        <OrderMessages />
      </OrderSection>
    </Stack>
  </Show>
);

export default OrderShow;
