import type { ActionBody } from '../../providers/actions';
import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import InventoryIcon from '@mui/icons-material/Inventory';
import { useCanAccess, useNotify, useRecordContext, type RaRecord } from 'react-admin';
import { Button } from '../../components/Button';
import { allows } from '../../../shared/entity-meta';
import { RETURN_ACTIONS, type ReturnAction } from '../../../shared/order-states';
import { NumberInput, ReferenceInput, stepRules, TextInput, useActionMutation } from '../../kit';
import { FormDialog } from '../../components/FormDialog';

/** The refund the server would take: at most what was paid for the items (the detail's `refundable`). */
const atMost = (most: unknown) => (v: unknown) =>
  most !== undefined && most !== null && Number(v) > Number(most) ? 'app.message.refundTooHigh' : undefined;
const noteRequired = (v: unknown) => (String(v ?? '').trim() === '' ? 'app.message.operationNoteEmpty' : undefined);

const ICONS = { confirm: <CheckIcon />, reject: <CloseIcon />, receive: <InventoryIcon /> };

/** One step of the application (confirm, reject, receive): offered only from its status, in a dialog. */
const StepButton = ({ action }: { action: ReturnAction }) => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  // Upstream's `POST /returnApply/update/status/{id}`: the target status with what that step records.
  const { mutateAsync: updateStatus } = useActionMutation('returnApply', 'updateStatus');
  const { canAccess } = useCanAccess({ action: 'updateStatus', resource: 'returnApply', record });
  const step = RETURN_ACTIONS[action];
  if (!record || canAccess !== true || !allows(step, record.status)) return null;
  const submit = async (values: ActionBody<'returnApply', 'updateStatus'>) => {
    try {
      await updateStatus({ id: record.id, body: { ...values, status: RETURN_ACTIONS[action].to } });
      notify('app.message.updateSuccess', { type: 'success' });
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    }
  };
  return (
    <>
      <Button
        label={`app.returnApply.${action}`}
        color={action === 'reject' ? 'error' : 'primary'}
        variant={action === 'reject' ? 'text' : 'contained'}
        onClick={() => setOpen(true)}
      >
        {ICONS[action]}
      </Button>
      <FormDialog<ActionBody<'returnApply', 'updateStatus'>>
        open={open}
        title={`app.returnApply.${action}Title`}
        values={defaults(action, record)}
        onClose={() => setOpen(false)}
        onSubmit={submit}
      >
        {action === 'confirm' && (
          <>
            <NumberInput
              source="returnAmount"
              validate={[...stepRules('returnApply', step, 'returnAmount'), atMost(record.refundable)]}
              fullWidth
            />
            <ReferenceInput
              source="companyAddressId"
              filter={{ shopId: record.shopId }}
              validate={stepRules('returnApply', step, 'companyAddressId')}
              fullWidth
            />
            <TextInput source="handleNote" multiline fullWidth />
          </>
        )}
        {action === 'reject' && <TextInput source="handleNote" multiline validate={noteRequired} fullWidth />}
        {action === 'receive' && <TextInput source="receiveNote" multiline fullWidth />}
      </FormDialog>
    </>
  );
};

/** The refund proposed: what was paid for the returned items (the server's figure; list price × count without it). */
const defaults = (action: ReturnAction, r: RaRecord) =>
  action === 'confirm'
    ? {
        returnAmount:
          r.refundable ?? Math.round(Number(r.productRealPrice ?? 0) * Number(r.productCount ?? 1) * 100) / 100,
        companyAddressId: r.companyAddressId ?? null,
        handleNote: '',
      }
    : action === 'reject'
      ? { handleNote: '' }
      : { receiveNote: '' };

export const ReturnActions = () => (
  <>
    <StepButton action="confirm" />
    <StepButton action="reject" />
    <StepButton action="receive" />
  </>
);
