import { VERSION_FIELD } from '../../../shared/entity-meta';
import { useState, type ReactElement } from 'react';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import MailIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonPinIcon from '@mui/icons-material/PersonPin';
import RouteIcon from '@mui/icons-material/Route';
import { useLocale, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Button } from '../../components/Button';
import { orderAllows, RECEIVER_FIELDS, type OrderAction } from '../../../shared/order-states';
import { CountryInput, NumberInput, TextInput } from '../../kit';
import { FormDialog } from '../../components/FormDialog';
import type { ActionBody, ActionName } from '../../providers/actions';
import { NoteDialog } from './NoteDialog';
import { noteOrder, sendMessage, updateMoney, updateReceiver } from './orderApi';
import { useCallAllowed } from './useOrderAccess';
import { useOrderCall } from './useOrderCall';

const pick = (r: RaRecord, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, r[k] ?? '']));

/** A button opening its dialog, offered only in a status that allows the action and to a role allowed the call. */
const ActionButton = ({
  action,
  call,
  label,
  icon,
  dialog,
}: {
  action: OrderAction;
  /** The order action the dialog calls (none: it only shows what the page read). */
  call?: ActionName<'order'>;
  label: string;
  icon: ReactElement;
  dialog: (open: boolean, close: () => void, record: RaRecord) => ReactElement;
}) => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const allowed = useCallAllowed(call);
  if (!record || !allowed || !orderAllows(action, record.status)) return null;
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        {icon}
      </Button>
      {dialog(open, () => setOpen(false), record)}
    </>
  );
};

/** The order's version as shown: an edit of an order changed since is refused (app.message.staleWrite). */
const loadedAt = (record: RaRecord) => ({ [VERSION_FIELD]: record[VERSION_FIELD] });

const Receiver = ({ open, close, record }: { open: boolean; close: () => void; record: RaRecord }) => {
  const { run } = useOrderCall();
  return (
    <FormDialog<ActionBody<'order', 'receiverInfo'>>
      open={open}
      title="app.order.receiverTitle"
      values={pick(record, RECEIVER_FIELDS)}
      onClose={close}
      onSubmit={(v) => run(() => updateReceiver({ ...v, ...loadedAt(record), orderId: record.id }))}
    >
      {RECEIVER_FIELDS.map((source) =>
        source === 'receiverCountry' ? (
          <CountryInput key={source} source={source} fullWidth />
        ) : (
          <TextInput key={source} source={source} fullWidth />
        ),
      )}
    </FormDialog>
  );
};

const Fees = ({ open, close, record }: { open: boolean; close: () => void; record: RaRecord }) => {
  const { run } = useOrderCall();
  return (
    <FormDialog<ActionBody<'order', 'moneyInfo'>>
      open={open}
      title="app.order.feesTitle"
      values={pick(record, ['freightAmount', 'discountAmount'])}
      onClose={close}
      onSubmit={(v) => run(() => updateMoney({ ...v, ...loadedAt(record), orderId: record.id }))}
    >
      <NumberInput source="freightAmount" fullWidth />
      <NumberInput source="discountAmount" fullWidth />
    </FormDialog>
  );
};

const Message = ({ open, close, record }: { open: boolean; close: () => void; record: RaRecord }) => {
  const { run } = useOrderCall('app.message.submitSuccess');
  return (
    <FormDialog<ActionBody<'order', 'message'>>
      open={open}
      title="app.order.messageTitle"
      values={{ title: '', content: '' }}
      onClose={close}
      onSubmit={(v) => run(() => sendMessage({ ...v, orderId: Number(record.id) }))}
    >
      <TextInput source="title" entity="orderMessage" fullWidth />
      <TextInput source="content" entity="orderMessage" multiline minRows={4} fullWidth />
    </FormDialog>
  );
};

const Mark = ({ open, close, record }: { open: boolean; close: () => void; record: RaRecord }) => {
  const { busy, run } = useOrderCall();
  return (
    <NoteDialog
      open={open}
      title="app.order.markTitle"
      busy={busy}
      onClose={close}
      onConfirm={(note) => run(() => noteOrder(record.id, note))}
    />
  );
};

/** The stored logistics events, oldest first, as a timeline. */
const Track = ({ open, close, record }: { open: boolean; close: () => void; record: RaRecord }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const events = (record.logisticsList ?? []) as RaRecord[];
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate('app.order.trackTitle')}: {record.deliveryCompany} {record.deliverySn}
      </DialogTitle>
      <DialogContent>
        {events.length ? (
          <Stepper orientation="vertical" activeStep={events.length - 1} data-testid="order-track">
            {events.map((e) => (
              <Step key={String(e.id)} completed>
                <StepLabel
                  optional={
                    <Typography variant="caption" color="text.secondary">
                      {e.eventTime ? new Date(e.eventTime).toLocaleString(locale) : ''} {e.location ?? ''}
                    </Typography>
                  }
                >
                  {e.content}
                </StepLabel>
              </Step>
            ))}
          </Stepper>
        ) : (
          <Box>{translate('app.order.noTrack')}</Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={close} />
      </DialogActions>
    </Dialog>
  );
};

export const ReceiverButton = () => (
  <ActionButton
    action="receiverInfo"
    call="receiverInfo"
    label="app.order.receiver"
    icon={<PersonPinIcon />}
    dialog={(open, close, record) => <Receiver open={open} close={close} record={record} />}
  />
);

export const FeesButton = () => (
  <ActionButton
    action="moneyInfo"
    call="moneyInfo"
    label="app.order.fees"
    icon={<PaymentsIcon />}
    dialog={(open, close, record) => <Fees open={open} close={close} record={record} />}
  />
);

export const MarkButton = () => (
  <ActionButton
    action="note"
    call="note"
    label="app.order.mark"
    icon={<EditNoteIcon />}
    dialog={(open, close, record) => <Mark open={open} close={close} record={record} />}
  />
);

export const MessageButton = () => (
  <ActionButton
    action="message"
    call="message"
    label="app.order.message"
    icon={<MailIcon />}
    dialog={(open, close, record) => <Message open={open} close={close} record={record} />}
  />
);

export const TrackButton = () => (
  <ActionButton
    action="track"
    label="app.order.track"
    icon={<RouteIcon />}
    dialog={(open, close, record) => <Track open={open} close={close} record={record} />}
  />
);
