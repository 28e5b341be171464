import { useFieldValue, useResourceContext, useTranslate, type FieldProps } from 'react-admin';
import { Typography } from '@mui/material';
import { enumKey } from './enumChoices';

/** Shows an enum value by its translated label (`enums.<resource>.<source>.<value>`). */
export const EnumField = (props: FieldProps) => {
  const value = useFieldValue(props);
  const resource = useResourceContext(props) ?? '';
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return null;
  return (
    <Typography component="span" variant="body2">
      {translate(enumKey(resource, String(props.source), value), { _: String(value) })}
    </Typography>
  );
};
