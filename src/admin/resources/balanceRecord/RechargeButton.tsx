import type { ActionBody } from '../../providers/actions';
import { useState } from 'react';
import AddCardIcon from '@mui/icons-material/AddCard';
import { useCanAccess } from 'react-admin';
import { Button } from '../../components/Button';
import { EnumInput, NumberInput, ReferenceInput, TextInput } from '../../kit';
import { FormDialog } from '../../components/FormDialog';
import { recharge } from './balanceApi';
import { useBalanceCall } from './useBalanceCall';
import { BalanceRecordPayChannel } from '../../../../generated/enums';

const positive = (v: unknown) => (Number(v) > 0 ? undefined : 'app.balance.positive');

/** Adds money to a member's balance (how it was paid, a note); the server records it with the new balance. */
export const RechargeButton = () => {
  const [open, setOpen] = useState(false);
  const run = useBalanceCall();
  const { canAccess } = useCanAccess({ action: 'recharge', resource: 'balanceRecord' });
  if (canAccess !== true) return null;
  return (
    <>
      <Button label="app.balance.recharge" onClick={() => setOpen(true)}>
        <AddCardIcon />
      </Button>
      {open && (
        <FormDialog<ActionBody<'balanceRecord', 'recharge'>>
          open
          title="app.balance.recharge"
          values={{ payChannel: BalanceRecordPayChannel.bank, requestKey: crypto.randomUUID() }}
          onClose={() => setOpen(false)}
          onSubmit={(v) => run(() => recharge(v))}
        >
          <ReferenceInput source="memberId" fullWidth />
          <NumberInput source="amount" validate={positive} fullWidth />
          <EnumInput source="payChannel" fullWidth />
          <TextInput source="note" fullWidth />
        </FormDialog>
      )}
    </>
  );
};
