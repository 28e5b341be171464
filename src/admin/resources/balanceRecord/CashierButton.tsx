import type { ActionBody } from '../../providers/actions';
import { useEffect, useState } from 'react';
import { Alert, Typography } from '@mui/material';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import {
  CheckboxGroupInput,
  useCanAccess,
  useGetList,
  useGetOne,
  useLocale,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Button } from '../../components/Button';
import { useFormContext, useWatch } from 'react-hook-form';
import { NumberInput, ReferenceInput, TextInput } from '../../kit';
import { FormDialog } from '../../components/FormDialog';
import { payFromBalance } from './balanceApi';
import { useBalanceCall } from './useBalanceCall';
import { cents } from '../../../shared/money';
import { OrderStatus } from '../../../../generated/enums';

/** The chosen member's unpaid orders to tick, their total, and the amount checked against it and the balance. */
const CashierInputs = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const memberId = useWatch({ name: 'memberId' });
  const orderIds = (useWatch({ name: 'orderIds' }) ?? []) as number[];
  const { setValue } = useFormContext();
  // The balance as stored now: a recharge just made leaves the cached member stale until it is fetched again, and a
  // limit checked against the cached one would refuse a payment the server accepts.
  const { data: member, isFetching } = useGetOne('member', { id: memberId }, { enabled: !!memberId });
  const { data: orders = [] } = useGetList(
    'order',
    {
      filter: { memberId, status: OrderStatus.pendingPayment },
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'DESC' },
    },
    { enabled: !!memberId },
  );
  const total = orders.filter((o) => orderIds.includes(o.id as number)).reduce((s, o) => s + cents(o.payAmount), 0);
  const shown = member ? cents(member.balance) : undefined;
  const balance = isFetching ? undefined : shown;
  useEffect(() => setValue('amount', total / 100), [total, setValue]);
  const money = (c: number) => (c / 100).toLocaleString(locale, { minimumFractionDigits: 2 });
  const limits = (v: unknown) =>
    cents(v) > total
      ? 'app.message.exceedOrderAmount'
      : balance !== undefined && cents(v) > balance
        ? 'app.message.exceedBalance'
        : cents(v) <= 0
          ? 'app.balance.positive'
          : undefined;
  return (
    <>
      <ReferenceInput source="memberId" fullWidth />
      {member && (
        <Typography sx={{ mb: 1 }} data-testid="cashier-balance">
          {translate('resources.member.fields.balance')}: {money(shown ?? 0)}
        </Typography>
      )}
      {memberId && !orders.length && <Alert severity="info">{translate('app.balance.noUnpaid')}</Alert>}
      {orders.length > 0 && (
        <CheckboxGroupInput
          source="orderIds"
          label="app.balance.orders"
          row={false}
          choices={orders}
          optionText={(o: RaRecord) => `${o.orderSn} · ${money(cents(o.payAmount))}`}
          validate={(v: unknown[]) => (v?.length ? undefined : 'app.message.selectRecord')}
        />
      )}
      <NumberInput
        source="amount"
        validate={limits}
        fullWidth
        helperText={`${translate('app.balance.payable')}: ${money(total)}`}
      />
      <TextInput source="note" fullWidth />
    </>
  );
};

/** Pays a member's unpaid orders from its balance; refused past the orders' amount or the balance. */
export const CashierButton = () => {
  const [open, setOpen] = useState(false);
  const run = useBalanceCall();
  const { canAccess } = useCanAccess({ action: 'cashier', resource: 'balanceRecord' });
  if (canAccess !== true) return null;
  return (
    <>
      <Button label="app.balance.cashier" onClick={() => setOpen(true)}>
        <PointOfSaleIcon />
      </Button>
      {open && (
        <FormDialog<ActionBody<'balanceRecord', 'cashier'>>
          open
          title="app.balance.cashier"
          // One key per opened dialog: a second click on Confirm is the same submission, refused by the server.
          values={{ orderIds: [], requestKey: crypto.randomUUID() }}
          onClose={() => setOpen(false)}
          onSubmit={(v) => run(() => payFromBalance(v))}
        >
          <CashierInputs />
        </FormDialog>
      )}
    </>
  );
};
