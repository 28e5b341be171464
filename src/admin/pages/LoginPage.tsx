import { useState, type FormEvent } from 'react';
import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { DemoLogins } from './DemoLogins';
import { PublicShell } from './PublicShell';
import { useFormFields } from './useFormFields';

/** /login: username + password, links to register and the landing page, demo accounts in demo mode. */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const { values, setValues, bind } = useFormFields({ username: '', password: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    login(values)
      .catch((error: Error) => notify(error?.message || 'ra.auth.sign_in_error', { type: 'error' }))
      .finally(() => setBusy(false));
  };

  return (
    <PublicShell>
      <form onSubmit={submit}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" textAlign="center">
            {translate('app.login.title')}
          </Typography>
          <TextField
            {...bind('username')}
            label={translate('app.login.username')}
            autoComplete="username"
            required
            autoFocus
          />
          <TextField
            {...bind('password')}
            type="password"
            label={translate('app.login.password')}
            autoComplete="current-password"
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {translate('app.login.submit')}
          </Button>
          <Stack direction="row" justifyContent="space-between">
            <Link component={RouterLink} to="/register">
              {translate('app.login.register')}
            </Link>
            <Link component={RouterLink} to="/homer">
              {translate('app.login.about')}
            </Link>
          </Stack>
        </Stack>
      </form>
      <DemoLogins onPick={({ username, password }) => setValues({ username, password })} />
    </PublicShell>
  );
};
