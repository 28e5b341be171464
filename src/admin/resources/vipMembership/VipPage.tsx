import { Alert, Box, CircularProgress, Typography, Stack } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useAccountsAccess } from '../admin/shared/useAccountsAccess';
import { GrantVipForm } from './GrantVipForm';
import { PlanCard } from './PlanCard';
import { useActionQuery } from '../../kit';
import type { VipPlan } from './vipApi';
import { VipGrantList } from './VipGrantList';
import { VipStatus } from './VipStatus';

/** /pay/index: the six VIP plans, the trial notice, the caller's membership; platform admins grant VIP here. */
export const VipPage = () => {
  const translate = useTranslate();
  const platform = useAccountsAccess();
  const { data: plans, error } = useActionQuery<VipPlan[]>('vipMembership', 'plans', {}, { staleTime: Infinity });
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title="app.access.vip.title" />
      <Box>
        <Typography variant="h5" component="h2">
          {translate('app.access.vip.title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.access.vip.intro')}</Typography>
      </Box>
      <Alert severity="info" data-testid="vip-trial">
        {translate('app.access.vip.trial')}
      </Alert>
      <VipStatus platform={platform} />
      <Typography variant="h6" component="h2">
        {translate('app.access.vip.plans')}
      </Typography>
      {error ? (
        <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>
      ) : !plans ? (
        <CircularProgress size={28} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
          }}
        >
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </Box>
      )}
      {platform && plans && <GrantVipForm plans={plans} />}
      {platform && <VipGrantList />}
    </Stack>
  );
};
