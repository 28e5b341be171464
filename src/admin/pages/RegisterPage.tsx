import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { STORAGE } from '../../shared/constants';
import { useNotify, useTranslate, ValidationError } from 'react-admin';
import { callAction } from '../providers/actions';
import { fieldMeta, inputAttrs } from '../kit/schema';
import { PublicShell } from './PublicShell';
import { useFormFields } from './useFormFields';
import { ReferralLinkKind } from '../../../generated/enums';

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

/**
 * An invitation (`/register?code=…`, a referral link) is kept as the spec's local-storage keys `code` and `level`
 * (the link's kind), after the server counted the click; an unknown code says "Please validate your code".
 */
function useInvitation() {
  const [params] = useSearchParams();
  const notify = useNotify();
  const [code, setCode] = useState(() => params.get('code') ?? localStorage.getItem(STORAGE.code) ?? '');
  const [level, setLevel] = useState(() => localStorage.getItem(STORAGE.level));
  const fromLink = params.get('code');
  useEffect(() => {
    if (!fromLink) return;
    callAction<{ code: string; kind: number }>('referralLink', 'click', { query: { code: fromLink } })
      .then((link) => {
        localStorage.setItem(STORAGE.code, link.code);
        localStorage.setItem(STORAGE.level, String(link.kind));
        setCode(link.code);
        setLevel(String(link.kind));
      })
      .catch((e: Error) => {
        localStorage.removeItem(STORAGE.code);
        localStorage.removeItem(STORAGE.level);
        setLevel(null);
        notify(e.message, { type: 'error' });
      });
  }, [fromLink, notify]);
  const forget = () => {
    localStorage.removeItem(STORAGE.code);
    localStorage.removeItem(STORAGE.level);
  };
  return { code, setCode, level, forget };
}

/** /register: posts /admin/register (with the invite code, if any), then goes to /login. */
export const RegisterPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { values, bind } = useFormFields({ username: '', password: '', email: '', nickName: '' });
  const invitation = useInvitation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      // Optional fields left empty are not sent (an empty email is not an email).
      const body = Object.fromEntries(
        Object.entries({ ...values, username: values.username.trim(), inviteCode: invitation.code.trim() }).filter(
          ([, v]) => v !== '',
        ),
      );
      await callAction('admin', 'register', { body });
      invitation.forget();
      notify('app.register.success', { type: 'success' });
      void navigate('/login');
    } catch (error) {
      const { message, body } = error as Error & { body?: { errors?: Record<string, string> } };
      const fields = body?.errors ?? {};
      setErrors(fields);
      // As react-admin's own forms do: the fields say what is wrong, in the user's language; the toast says where.
      notify(Object.keys(fields).length ? 'ra.message.invalid_form' : message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell>
      <form onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" textAlign="center">
            {translate('app.register.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" textAlign="center">
            {translate('app.register.intro')}
          </Typography>
          {invitation.level !== null && invitation.code && (
            <Alert severity={Number(invitation.level) === ReferralLinkKind.merchant ? 'success' : 'warning'}>
              {translate(
                Number(invitation.level) === ReferralLinkKind.merchant
                  ? 'app.register.invitedMerchant'
                  : 'app.register.invitedReferee',
                { code: invitation.code },
              )}
            </Alert>
          )}
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
              helperText={errors[field.name] && <ValidationError error={errors[field.name]!} />}
            />
          ))}
          <TextField
            name="inviteCode"
            label={translate('app.register.inviteCode')}
            value={invitation.code}
            onChange={(e) => invitation.setCode(e.target.value)}
            slotProps={{ htmlInput: { maxLength: inputAttrs(fieldMeta('referralLink', 'code')).maxLength } }}
          />
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
