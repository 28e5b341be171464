import { Typography } from '@mui/material';
import { useFieldValue, useResourceContext, type FieldProps } from 'react-admin';
import { seedText } from '../i18n/seedText';

/** A text value the server seeds in English (x-admin `translate`), shown in the current language when known. */
export const SeedTextField = (props: FieldProps) => {
  const value = useFieldValue(props);
  const resource = useResourceContext(props);
  if (value === null || value === undefined || value === '') return null;
  return (
    <Typography component="span" variant="body2">
      {seedText(value, resource)}
    </Typography>
  );
};
