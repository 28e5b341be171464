import { CircularProgress, type CircularProgressProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A loading spinner with an accessible name: MUI's is a nameless `progressbar`, which screen readers announce blank. */
export const Spinner = (props: CircularProgressProps) => {
  const translate = useTranslate();
  return <CircularProgress aria-label={translate('ra.page.loading')} {...props} />;
};
