import { Box, Button, Card, CardActions, CardContent, Chip, Tooltip, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { planLabel, type VipPlan } from './vipApi';

const money = (amount: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(amount);

/** One plan: its price in USD, the crossed-out list price, and a Buy button that the trial keeps disabled. */
export const PlanCard = ({ plan }: { plan: VipPlan }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const currency = plan.currency ?? 'USD';
  const percent = Math.round((1 - plan.price / plan.listPrice) * 100);
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-plan={plan.id}>
      <CardContent sx={{ flexGrow: 1, textAlign: 'center' }}>
        <Typography variant="h6" component="h3">
          {translate(planLabel(plan.id), { _: plan.id })}
        </Typography>
        <Typography variant="h5" component="p" color="primary" sx={{ my: 1, fontWeight: 600 }}>
          {money(plan.price, currency, locale)}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            component="s"
            variant="body2"
            color="text.secondary"
            aria-label={translate('app.access.vip.listPrice', { price: money(plan.listPrice, currency, locale) })}
          >
            {money(plan.listPrice, currency, locale)}
          </Typography>
          {percent > 0 && <Chip size="small" color="success" label={translate('app.access.vip.save', { percent })} />}
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Tooltip title={translate('app.access.vip.trial')}>
          <span>
            <Button variant="contained" disabled>
              {translate('app.access.vip.buy')}
            </Button>
          </span>
        </Tooltip>
      </CardActions>
    </Card>
  );
};
