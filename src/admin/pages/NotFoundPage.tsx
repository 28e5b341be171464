import { Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicShell } from './PublicShell';

/** /404, where unknown paths land. */
export const NotFoundPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell>
      <Stack spacing={2} alignItems="center" textAlign="center">
        <Typography variant="h2" component="p" color="primary">
          404
        </Typography>
        <Typography variant="h5" component="h1">
          {translate('app.notFound.title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.notFound.text')}</Typography>
        <Button component={Link} to="/" variant="contained">
          {translate('app.notFound.back')}
        </Button>
      </Stack>
    </PublicShell>
  );
};
