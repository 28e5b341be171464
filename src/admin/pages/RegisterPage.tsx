import { useState, type FormEvent } from 'react';
import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../providers/http';
import { fieldMeta, inputAttrs } from '../kit/schema';
import { PublicShell } from './PublicShell';
import { useFormFields } from './useFormFields';

/** The account fields asked for (with the browser's autocomplete hint); required, type and length from schemas/admin.json. */
const FIELDS = (
  [
    ['username', 'username'],
    ['password', 'new-password'],
    ['email', 'email'],
    ['nickName', 'nickname'],
  ] as const
).map(([name, autoComplete]) => {
  const f = fieldMeta('admin', name);
  const type = f?.input === 'password' || f?.input === 'email' ? f.input : 'text';
  return { name, autoComplete, type, required: !!f?.required, maxLength: inputAttrs(f).maxLength };
});

/** /register: posts /admin/register, then goes to /login. */
export const RegisterPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { values, bind } = useFormFields({ username: '', password: '', email: '', nickName: '' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // Optional fields left empty are not sent (an empty email is not an email).
      const body = Object.fromEntries(
        Object.entries({ ...values, username: values.username.trim() }).filter(([, v]) => v !== ''),
      );
      await api('/admin/register', { method: 'POST', json: body });
      notify('app.register.success', { type: 'success' });
      navigate('/login');
    } catch (error) {
      const { message, body } = error as Error & { body?: { errors?: Record<string, string> } };
      setErrors(body?.errors ?? {});
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell>
      <form onSubmit={submit}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" textAlign="center">
            {translate('app.register.title')}
          </Typography>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              {...bind(field.name)}
              label={translate(`app.register.${field.name}`)}
              type={field.type}
              required={field.required}
              autoComplete={field.autoComplete}
              slotProps={{ htmlInput: { maxLength: field.maxLength } }}
              error={!!errors[field.name]}
              helperText={errors[field.name]}
            />
          ))}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {translate('app.register.submit')}
          </Button>
          <Link component={RouterLink} to="/login" textAlign="center">
            {translate('app.register.haveAccount')}
          </Link>
        </Stack>
      </form>
    </PublicShell>
  );
};
