import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useFieldValue, useRecordContext, useTranslate, type FieldProps } from 'react-admin';

/** Shown instead of a secret's values on the audit trail (core/audit.ts). */
const CHANGED = '[changed]';

const text = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * An audit entry's changes (`x-admin.input: "changes"`): one row per field, named by the written entity's labels,
 * with its value before → after; a secret says only that it changed; a bulk write's summary (`{rows, ids}`) says how
 * many further rows and which.
 */
export const ChangesField = (props: FieldProps) => {
  const value = useFieldValue(props);
  const record = useRecordContext();
  const translate = useTranslate();
  if (!value) return null;
  let changes: Record<string, unknown>;
  try {
    changes = JSON.parse(String(value)) as Record<string, unknown>;
  } catch {
    return <span>{String(value)}</span>;
  }
  const summary = record?.recordId === null && 'rows' in changes && 'ids' in changes;
  const label = (field: string) =>
    summary
      ? translate(`app.changes.${field}`, { _: field })
      : translate(`resources.${record?.entity}.fields.${field}`, { _: field });
  return (
    <Table size="small" data-testid="audit-changes" sx={{ width: 'auto' }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.changes.field')}</TableCell>
          <TableCell>{translate('app.changes.before')}</TableCell>
          <TableCell>{translate('app.changes.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(changes).map(([field, v]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {label(field)}
            </TableCell>
            {Array.isArray(v) && v.length === 2 && !summary ? (
              <>
                <TableCell sx={{ wordBreak: 'break-word' }}>{text(v[0])}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{text(v[1])}</TableCell>
              </>
            ) : (
              <TableCell colSpan={2} sx={{ wordBreak: 'break-word' }}>
                {v === CHANGED ? translate('app.changes.changed') : Array.isArray(v) ? v.join(', ') : text(v)}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
