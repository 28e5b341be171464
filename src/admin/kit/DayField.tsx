import { useLocale, useRecordContext, type FieldProps } from 'react-admin';
import { Typography } from '@mui/material';

/**
 * A date without a time (`2026-11-27`) shown as that day in the user's language. react-admin's DateField reads it as
 * UTC midnight, which is the day before west of Greenwich; this one reads it as a local day.
 */
export const DayField = ({ source }: FieldProps & { source: string }) => {
  const record = useRecordContext();
  const locale = useLocale();
  const v = record?.[source];
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const [y, m, d] = v.slice(0, 10).split('-').map(Number);
  return (
    <Typography component="span" variant="body2">
      {new Date(y, m - 1, d).toLocaleDateString(locale === 'zh' ? 'zh-CN' : 'en-US')}
    </Typography>
  );
};
