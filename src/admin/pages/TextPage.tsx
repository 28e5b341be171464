import { Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { PublicShell } from './PublicShell';

/** The sections of each legal page, in order: i18n keys `app.<page>.sections.<name>.title|text`. */
const SECTIONS = {
  privacy: ['data', 'storage', 'referral', 'rights'],
  term: ['account', 'vip', 'referral', 'orders'],
} as const;

/** A public legal page: a title, an introduction and titled sections, all i18n keys under `app.<page>`. */
const TextPage = ({ page }: { page: keyof typeof SECTIONS }) => {
  const translate = useTranslate();
  return (
    <PublicShell width={720}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(`app.${page}.title`)}
      </Typography>
      <Typography variant="body1" sx={{ mb: 1 }}>
        {translate(`app.${page}.body`)}
      </Typography>
      {SECTIONS[page].map((name) => (
        <section key={name}>
          <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 0.5, fontSize: '1.05rem' }}>
            {translate(`app.${page}.sections.${name}.title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`app.${page}.sections.${name}.text`)}
          </Typography>
        </section>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button component={Link} to="/login" variant="contained">
          {translate('app.homer.login')}
        </Button>
        <Button component={Link} to="/homer">
          {translate('app.footer.homer')}
        </Button>
      </Stack>
    </PublicShell>
  );
};

export const PrivacyPage = () => <TextPage page="privacy" />;
export const TermPage = () => <TextPage page="term" />;
