import { useState, type ChangeEvent, type MouseEvent } from 'react';
import { Switch } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCanAccess, useNotify, useRecordContext, useResourceContext, useTranslate, type FieldProps, type Identifier,
} from 'react-admin';
import { EnumField } from '../kit/EnumField';
import { rawAction } from '../providers/actionCall';
import { postCall, type Call } from './postCall';

export interface ToggleFieldProps extends FieldProps {
  source: string;
  /** The upstream call that stores the new value, e.g. `/admin/updateStatus/{id}?status=`. */
  call: (id: Identifier, value: number) => Call;
  /** Value meaning "on" (default 1; a menu is shown when `hidden` is 0). */
  onValue?: number;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * An inline switch in a list row: one call, "Update successful", the list refreshed. A caller the server would
 * refuse the call sees the value as text instead.
 */
export const ToggleField = ({ source, call, onValue = 1, label }: ToggleFieldProps) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const [pending, setPending] = useState<boolean | null>(null);
  // The call's path with a placeholder id: one check per list column, not one per row (the rule is per path).
  const { canAccess } = useCanAccess({ resource, action: rawAction('POST', call(0, onValue).path) });
  if (!record) return null;
  if (canAccess !== true) return <EnumField source={source} />;
  const checked = pending ?? Number(record[source]) === onValue;

  const change = async (_: ChangeEvent, next: boolean) => {
    setPending(next);
    try {
      await postCall(call(record.id, next ? onValue : 1 - onValue));
      notify('app.message.updateSuccess', { type: 'success' });
      // Wait for the fresh list before letting go of the new position, so the switch does not flick back.
      await queryClient.invalidateQueries({ queryKey: [resource] });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(null);
    }
  };

  const name = typeof label === 'string' ? label : `resources.${resource}.fields.${source}`;
  return (
    <Switch
      size="small"
      checked={checked}
      disabled={pending !== null}
      onChange={change}
      onClick={stop}
      slotProps={{ input: { 'aria-label': translate(name) } }}
    />
  );
};
