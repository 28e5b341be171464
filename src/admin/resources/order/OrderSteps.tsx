import { Alert, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { orderStep } from '../../../shared/order-states';
import { enumKey } from '../../kit';
import { OrderStatus } from '../../../../generated/enums';

const STEPS = [
  { key: 'submitted', time: 'createTime' },
  { key: 'paid', time: 'paymentTime' },
  { key: 'shipped', time: 'deliveryTime' },
  { key: 'received', time: 'receiveTime' },
] as const;

/** The order's progress: submitted → paid → shipped → received, with the time of each step reached. */
export const OrderSteps = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useLocale();
  if (!record) return null;
  const active = orderStep(record);
  const ended = ([OrderStatus.closed, OrderStatus.invalid] as number[]).includes(Number(record.status));
  return (
    <>
      {ended && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.order.ended', { status: translate(enumKey('order', 'status', record.status)) })}
        </Alert>
      )}
      <Stepper activeStep={active} alternativeLabel sx={{ py: 2, overflowX: 'auto' }}>
        {STEPS.map((s, i) => (
          <Step key={s.key} completed={i < active || (i === active && Number(record.status) === OrderStatus.completed)}>
            <StepLabel
              optional={
                record[s.time] && (
                  <Typography variant="caption" color="text.secondary">
                    {new Date(record[s.time]).toLocaleString(locale)}
                  </Typography>
                )
              }
            >
              {translate(`app.order.steps.${s.key}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </>
  );
};
