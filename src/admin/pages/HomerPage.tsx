import { Button, Stack, Typography } from '@mui/material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicShell } from './PublicShell';

/** /homer: the landing page — product name, pitch, Log in / Register. */
export const HomerPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell width={640}>
      <Stack spacing={2} alignItems="center" textAlign="center" sx={{ py: 2 }}>
        <StorefrontIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h4" component="h1">
          {translate('app.name')}
        </Typography>
        <Typography variant="h6" color="text.secondary">
          {translate('app.homer.pitch')}
        </Typography>
        <Typography variant="body1">{translate('app.homer.text')}</Typography>
        <Stack direction="row" spacing={2}>
          <Button component={Link} to="/login" variant="contained" size="large">
            {translate('app.homer.login')}
          </Button>
          <Button component={Link} to="/register" variant="outlined" size="large">
            {translate('app.homer.register')}
          </Button>
        </Stack>
      </Stack>
    </PublicShell>
  );
};
