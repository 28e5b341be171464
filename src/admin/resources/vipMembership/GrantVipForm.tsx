import { Form, SaveButton, useNotify, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { EnumInput, ReferenceInput, useActionMutation } from '../../kit';
import type { VipPlan } from './vipApi';

/**
 * Trial mode: a platform admin grants a plan to an account (POST /vip/grant). The account and the plan are a
 * vipMembership's: required, the account an admin, the plans named by that schema's enum labels.
 */
export const GrantVipForm = ({ plans }: { plans: VipPlan[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  // The grants listed here and any account's VIP state shown elsewhere are refetched.
  const { mutateAsync: grant } = useActionMutation('vipMembership', 'grant', ['admin', 'shop']);
  const submit = async (values: Record<string, unknown>) => {
    try {
      await grant({ body: { adminId: Number(values.adminId), plan: values.plan } });
    } catch (error) {
      const { message, body } = error as Error & { body?: { errors?: Record<string, string> } };
      notify(message, { type: 'error' });
      return body?.errors;
    }
    notify('app.access.vip.granted', { type: 'success' });
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.access.vip.grantTitle')}
        </Typography>
        <Form onSubmit={submit} defaultValues={{ plan: plans[0]?.id }}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' },
              columnGap: 2,
              alignItems: 'start',
            }}
          >
            <ReferenceInput source="adminId" entity="vipMembership" label="app.access.vip.account" />
            {/* The plans the server sells (with their prices), among the schema's. */}
            <EnumInput
              source="plan"
              entity="vipMembership"
              values={plans.map((p) => p.id)}
              label="app.access.vip.plan"
            />
            <SaveButton label="app.access.vip.grant" alwaysEnable sx={{ mt: 1 }} />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
};
