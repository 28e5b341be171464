import { Alert, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { orderStep } from '../../../shared/order-states';
import { enumKey, useIsMobile } from '../../kit';
import { OrderStatus } from '../../../../generated/enums';

const STEPS = [
  { key: 'submitted', time: 'createTime' },
  { key: 'paid', time: 'paymentTime' },
  { key: 'shipped', time: 'deliveryTime' },
  { key: 'received', time: 'receiveTime' },
] as const;

/**
 * The order's progress: submitted → paid → shipped → received, with the time of each step reached; top to bottom on
 * a phone, where four steps with their times side by side are twice its width.
 */
export const OrderSteps = () => {
  const record = useRecordContext();
  const phone = useIsMobile();
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
      <Stepper
        activeStep={active}
        alternativeLabel={!phone}
        orientation={phone ? 'vertical' : 'horizontal'}
        sx={{ py: 2 }}
      >
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
