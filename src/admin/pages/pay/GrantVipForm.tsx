import { AutocompleteInput, Form, ReferenceInput, SaveButton, SelectInput, required, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { grantVip, planLabel, type VipPlan } from './vipApi';

/** Trial mode: a platform admin grants a plan to an account (POST /vip/grant). */
export const GrantVipForm = ({ plans }: { plans: VipPlan[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const choices = plans.map((p) => ({ id: p.id, name: planLabel(p.id) }));
  const submit = async (values: Record<string, unknown>) => {
    try {
      await grantVip(Number(values.adminId), String(values.plan));
    } catch (error) {
      const { message, body } = error as Error & { body?: { errors?: Record<string, string> } };
      notify(message, { type: 'error' });
      return body?.errors;
    }
    notify('app.access.vip.granted', { type: 'success' });
    refresh();
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.access.vip.grantTitle')}
        </Typography>
        <Form onSubmit={submit} defaultValues={{ plan: plans[0]?.id }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, columnGap: 2, alignItems: 'start' }}>
            <ReferenceInput source="adminId" reference="admin">
              <AutocompleteInput optionText="username" label="app.access.vip.account" validate={required()} />
            </ReferenceInput>
            <SelectInput source="plan" choices={choices} label="app.access.vip.plan" validate={required()} />
            <SaveButton label="app.access.vip.grant" alwaysEnable sx={{ mt: 1 }} />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
};
