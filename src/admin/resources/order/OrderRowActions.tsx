import { useState } from 'react';
import { Link } from 'react-router-dom';
import CancelIcon from '@mui/icons-material/Cancel';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { ShowButton, useCanAccess, useDataProvider, useRecordContext } from 'react-admin';
import { DeleteConfirmButton } from '../../components/ConfirmButton';
import { Button } from '../../components/Button';
import { orderAllows } from '../../../shared/order-states';
import { closeOrders } from './orderApi';
import { NoteDialog } from './NoteDialog';
import { shipPath } from './shipPath';
import { useCallAllowed } from './useOrderAccess';
import { useOrderCall } from './useOrderCall';

/** A row's buttons: detail, and ship / close / delete (each shown when the order's status and the role allow it). */
export const OrderRowActions = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <ShowButton label="app.order.detail" />
      <ShipButton />
      <CloseButton />
      <DeleteButton />
    </>
  );
};

export const ShipButton = () => {
  const record = useRecordContext()!;
  if (!useCallAllowed('delivery') || !orderAllows('ship', record.status)) return null;
  return (
    <Button component={Link} to={shipPath([record.id])} label="app.order.ship">
      <LocalShippingIcon />
    </Button>
  );
};

export const CloseButton = () => {
  const record = useRecordContext()!;
  const [open, setOpen] = useState(false);
  const { busy, run } = useOrderCall();
  if (!useCallAllowed('close') || !orderAllows('close', record.status)) return null;
  return (
    <>
      <Button label="app.order.close" color="warning" onClick={() => setOpen(true)}>
        <CancelIcon />
      </Button>
      <NoteDialog
        open={open}
        title="app.order.closeTitle"
        busy={busy}
        onClose={() => setOpen(false)}
        onConfirm={(note) => run(() => closeOrders([record.id], note))}
      />
    </>
  );
};

export const DeleteButton = ({ onDeleted }: { onDeleted?: () => void }) => {
  const record = useRecordContext()!;
  const { run } = useOrderCall('app.message.deleteSuccess');
  const dataProvider = useDataProvider();
  const { canAccess } = useCanAccess({ action: 'delete', resource: 'order', record });
  if (!canAccess || !orderAllows('delete', record.status)) return null;
  return (
    <DeleteConfirmButton
      title="app.order.deleteTitle"
      content="app.order.deleteContent"
      options={() => ({ sn: record.orderSn })}
      onConfirm={() =>
        run(() => dataProvider.delete('order', { id: record.id, previousData: record })).then(
          (done) => done && onDeleted?.(),
        )
      }
    />
  );
};
