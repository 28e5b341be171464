import { useEffect, useState } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { callAction } from '../providers/actions';
import { seedText } from '../i18n/seedText';

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

/** In demo mode (the admin schema's `demoLogins`, GET /demo) the seeded accounts, each a click-to-fill chip; nothing otherwise. */
export const DemoLogins = ({ onPick }: { onPick: (login: DemoLogin) => void }) => {
  const translate = useTranslate();
  const [logins, setLogins] = useState<DemoLogin[]>([]);
  useEffect(() => {
    callAction<{ demo: boolean; logins: DemoLogin[] }>('admin', 'demoLogins')
      .then((d) => setLogins(d?.demo ? (d.logins ?? []) : []))
      .catch(() => setLogins([]));
  }, []);
  if (!logins.length) return null;
  return (
    <Stack spacing={1} sx={{ mt: 3 }} data-testid="demo-logins">
      <Typography variant="subtitle2">{translate('app.login.demoTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.login.demoHint')}
      </Typography>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1}>
        {logins.map((login) => (
          <Chip
            key={login.username}
            clickable
            variant="outlined"
            color="primary"
            label={`${login.username} · ${translate('app.login.role', { role: seedText(login.role, 'role') })}`}
            onClick={() => onPick(login)}
          />
        ))}
      </Stack>
    </Stack>
  );
};
