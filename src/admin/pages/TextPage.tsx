import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicShell } from './PublicShell';

/** A public page of one title and one text, both i18n keys under `app.<page>`. */
const TextPage = ({ page }: { page: 'privacy' | 'term' }) => {
  const translate = useTranslate();
  return (
    <PublicShell width={720}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(`app.${page}.title`)}
      </Typography>
      <Typography variant="body1">{translate(`app.${page}.body`)}</Typography>
    </PublicShell>
  );
};

export const PrivacyPage = () => <TextPage page="privacy" />;
export const TermPage = () => <TextPage page="term" />;
