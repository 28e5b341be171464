import LockIcon from '@mui/icons-material/Lock';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * react-admin's "Access denied" in readable colours: its page greys the text out with half opacity, below WCAG AA
 * contrast (axe: color-contrast). A heading under the breadcrumb's h1 (the page's title).
 */
export const AccessDeniedPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 4 }}>
      <LockIcon sx={{ width: '6em', height: '6em', color: 'text.secondary' }} aria-hidden />
      <Typography component="h2" variant="h5" sx={{ mt: 3, color: 'text.secondary' }}>
        {translate('ra.page.access_denied')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate('ra.message.access_denied')}
      </Typography>
    </Box>
  );
};
