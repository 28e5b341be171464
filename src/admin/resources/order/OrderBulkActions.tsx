import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import CancelIcon from '@mui/icons-material/Cancel';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useCanAccess, useDataProvider, useListContext, useNotify, type RaRecord } from 'react-admin';
import { DeleteConfirmButton } from '../../components/ConfirmButton';
import { Button } from '../../components/Button';
import { ORDER_ACTIONS, orderAllows, type OrderAction } from '../../../shared/order-states';
import { closeOrders } from './orderApi';
import { NoteDialog } from './NoteDialog';
import { shipPath } from './shipPath';
import { useCallAllowed } from './useOrderAccess';
import { useOrderCall } from './useOrderCall';

/**
 * The selected orders an action applies to (those in a status that allows it), or null with the action's refusal
 * shown when there are none: a batch only ever sends what the server accepts.
 */
const useApplicable = () => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  return async (action: OrderAction): Promise<RaRecord[] | null> => {
    if (!selectedIds.length) {
      notify('app.message.selectRecord', { type: 'warning' });
      return null;
    }
    const data = await dataProvider.getMany('order', { ids: selectedIds }).then(
      (r) => r.data,
      (error: Error) => {
        notify(error.message, { type: 'error' });
        return null;
      },
    );
    if (!data) return null;
    const fit = data.filter((o) => orderAllows(action, o.status));
    if (!fit.length) notify(`app.message.${ORDER_ACTIONS[action].refused}`, { type: 'warning' });
    return fit.length ? fit : null;
  };
};

/** Ship the shippable ones of the selection: the shipping screen asks for each one's carrier and number. */
const BulkShip = () => {
  const applicable = useApplicable();
  const navigate = useNavigate();
  if (!useCallAllowed('delivery')) return null;
  const ship = async () => {
    const orders = await applicable('ship');
    if (orders) void navigate(shipPath(orders.map((o) => o.id)));
  };
  return (
    <Button label="app.order.shipSelected" onClick={() => void ship()}>
      <LocalShippingIcon />
    </Button>
  );
};

const BulkClose = () => {
  const applicable = useApplicable();
  const [orders, setOrders] = useState<RaRecord[] | null>(null);
  const { busy, run } = useOrderCall();
  if (!useCallAllowed('close')) return null;
  return (
    <>
      <Button label="app.order.closeSelected" color="warning" onClick={() => void applicable('close').then(setOrders)}>
        <CancelIcon />
      </Button>
      <NoteDialog
        open={!!orders}
        title="app.order.closeTitle"
        busy={busy}
        onClose={() => setOrders(null)}
        onConfirm={(note) =>
          run(() =>
            closeOrders(
              orders!.map((o) => o.id),
              note,
            ),
          )
        }
      />
    </>
  );
};

const BulkDelete = () => {
  const applicable = useApplicable();
  const { run } = useOrderCall('app.message.deleteSuccess');
  const dataProvider = useDataProvider();
  const { canAccess } = useCanAccess({ action: 'delete', resource: 'order' });
  if (!canAccess) return null;
  return (
    <DeleteConfirmButton
      title="app.order.deleteManyTitle"
      content="app.order.deleteManyContent"
      prepare={() => applicable('delete')}
      options={(orders) => ({ n: orders.length })}
      onConfirm={(orders) => run(() => dataProvider.deleteMany('order', { ids: orders.map((o) => o.id) }))}
    />
  );
};

/** Batch ship, close and delete, each on the selected orders whose status allows it. */
export const OrderBulkActions = () => (
  <>
    <BulkShip />
    <BulkClose />
    <BulkDelete />
  </>
);
