import { useCallback, useState, type ReactElement } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import {
  useEditContext,
  useNotify,
  useResourceContext,
  useSaveContext,
  useTranslate,
  type HttpError,
} from 'react-admin';
import { ResultCode } from '../../shared/envelope';
import { VERSION_FIELD } from '../../shared/entity-meta';
import { entityMeta } from './schema';

type Values = Record<string, unknown>;

/** A refused save of a stale copy: what the person sent, and the record as stored now (the 409's data). */
export interface StaleSave {
  sent: Values;
  current: Values;
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (a ?? '') === (b ?? '') || String(a) === String(b);

/** The writable fields of `resource` whose value the person has differs from the stored one. */
export function changedFields(resource: string, { sent, current }: StaleSave): string[] {
  const fields = entityMeta(resource)?.fields ?? [];
  return fields
    .filter((f) => !f.readOnly && f.name in current && f.name in sent && !same(sent[f.name], current[f.name]))
    .map((f) => f.name);
}

/**
 * An Edit's handling of a save refused as stale (code 409, `Messages.staleWrite`): `onError` for its
 * mutationOptions (any other error notified as react-admin does), and `dialog`, rendered inside the Edit, which shows
 * the fields that differ and offers Reload (take the stored record) or Keep mine (save again over it).
 */
export function useStaleSave(onOtherError?: (error: unknown) => void) {
  const notify = useNotify();
  const [stale, setStale] = useState<StaleSave | null>(null);
  const onError = useCallback(
    (error: unknown, variables?: { data?: Values }) => {
      const e = error as HttpError;
      const current = e?.body?.data as Values | null | undefined;
      if (e?.status === ResultCode.CONFLICT && current && typeof current === 'object') {
        setStale({ sent: variables?.data ?? {}, current });
        return;
      }
      if (onOtherError) return onOtherError(error);
      // As react-admin: field errors show on their inputs, anything else as a notification.
      if (e?.body?.errors && Object.keys(e.body.errors).length) return;
      notify(e?.message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: e?.message } });
    },
    [notify, onOtherError],
  );
  const dialog = <StaleSaveDialog stale={stale} onClose={() => setStale(null)} />;
  return { onError, dialog };
}

const shown = (v: unknown) => {
  if (v === null || v === undefined || v === '') return '—';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

function StaleSaveDialog({ stale, onClose }: { stale: StaleSave | null; onClose: () => void }): ReactElement {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { refetch } = useEditContext();
  const { save } = useSaveContext();
  const changed = stale ? changedFields(resource, stale) : [];
  const value = (field: string, v: unknown) => {
    const meta = entityMeta(resource)?.fields.find((f) => f.name === field);
    return meta?.enum && v !== null && v !== undefined
      ? translate(`enums.${resource}.${field}.${v}`, { _: shown(v) })
      : shown(v);
  };
  const reload = async () => {
    onClose();
    await refetch?.();
  };
  const keepMine = async () => {
    if (!stale) return;
    onClose();
    await save?.({ ...stale.sent, [VERSION_FIELD]: stale.current[VERSION_FIELD] });
  };
  return (
    <Dialog open={!!stale} onClose={onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby="stale-title">
      <DialogTitle id="stale-title">{translate('app.staleSave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(changed.length ? 'app.staleSave.intro' : 'app.staleSave.noFieldDiffers')}
        </DialogContentText>
        {changed.length > 0 && (
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.staleSave.field')}</TableCell>
                <TableCell>{translate('app.staleSave.yours')}</TableCell>
                <TableCell>{translate('app.staleSave.stored')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changed.map((f) => (
                <TableRow key={f} data-field={f}>
                  <TableCell component="th" scope="row">
                    {translate(`resources.${resource}.fields.${f}`, { _: f })}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{value(f, stale!.sent[f])}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{value(f, stale!.current[f])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {/* MUI's buttons: react-admin's show only their icon on a phone. */}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={reload} variant="outlined">
          {translate('app.staleSave.reload')}
        </Button>
        <Button onClick={keepMine} variant="contained" color="warning">
          {translate('app.staleSave.keepMine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
