import type { ReactElement } from 'react';
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
import { useEditContext, useResourceContext, useSaveContext, useTranslate } from 'react-admin';
import { VERSION_FIELD } from '../../shared/entity-meta';
import { entityMeta } from './schema';
import { changedFields, type StaleSave } from './staleFields';

const shown = (v: unknown) => {
  if (v === null || v === undefined || v === '') return '—';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** What a refused save of a stale copy shows: the differing fields, Reload and Keep mine (useStaleSave). */
export default function StaleSaveDialog({ stale, onClose }: { stale: StaleSave; onClose: () => void }): ReactElement {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { refetch } = useEditContext();
  const { save } = useSaveContext();
  const changed = changedFields(resource, stale);
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
    onClose();
    await save?.({ ...stale.sent, [VERSION_FIELD]: stale.current[VERSION_FIELD] });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby="stale-title">
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
                  <TableCell sx={{ wordBreak: 'break-word' }}>{value(f, stale.sent[f])}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{value(f, stale.current[f])}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {/* MUI's buttons: react-admin's show only their icon on a phone. */}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={() => void reload()} variant="outlined">
          {translate('app.staleSave.reload')}
        </Button>
        <Button onClick={() => void keepMine()} variant="contained" color="warning">
          {translate('app.staleSave.keepMine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
