import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../providers/authProvider';
import { seedText } from '../i18n/seedText';

/** /home: the shop dashboard (a greeting for now). */
export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Permissions>();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="menu.home" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('app.dashboard.greeting', { name: identity?.fullName ?? '' })}
        </Typography>
        <Typography>{translate('app.dashboard.text')}</Typography>
        {!!permissions?.roles.length && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.dashboard.roles', { roles: permissions.roles.map((r) => seedText(r, 'role')).join(', ') })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
};
