import { useState, type ChangeEvent, type MouseEvent } from 'react';
import { Switch } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type FieldProps,
  type Identifier,
} from 'react-admin';
import { EnumField } from './EnumField';
import { rawAction } from '../providers/actionCall';
import { postCall, type Call } from '../components/postCall';
import { batchPath, entityMeta, fieldMeta } from './schema';

export interface ToggleFieldProps extends FieldProps {
  source: string;
  /**
   * The call that stores the new value, e.g. `/admin/updateStatus/{id}?status=`. Default: the dataProvider's
   * `updateMany` of this one row, i.e. the schema's batch call (`x-admin.batch`) with its param renames.
   */
  call?: (id: Identifier, value: number) => Call;
  /** Value meaning "on" (default 1; a menu is shown when `hidden` is 0). */
  onValue?: number;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * An inline switch in a list row: one call, "Update successful", the list refreshed. A caller the server would
 * refuse the call sees the value as text instead.
 */
export const ToggleField = ({ source, call: callProp, onValue: onProp, label }: ToggleFieldProps) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { call, onValue } = schemaToggle(resource, source, callProp, onProp);
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const [pending, setPending] = useState<boolean | null>(null);
  // The call's path with a placeholder id: one check per list column, not one per row (the rule is per path).
  const path = call ? call(0, onValue).path : batchPath(resource, source);
  const { canAccess } = useCanAccess({ resource, action: rawAction('POST', path) });
  if (!record) return null;
  if (canAccess !== true) return <EnumField source={source} />;
  const checked = pending ?? Number(record[source]) === onValue;

  const change = async (_: ChangeEvent, next: boolean) => {
    setPending(next);
    const value = next ? onValue : 1 - onValue;
    try {
      if (call) await postCall(call(record.id, value));
      else await dataProvider.updateMany(resource, { ids: [record.id], data: { [source]: value } });
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
      onChange={(e, on) => void change(e, on)}
      onClick={stop}
      slotProps={{ input: { 'aria-label': translate(name) } }}
    />
  );
};

/** The switch's call and "on" value: a screen's own, else the schema's `toggle` (else the batch call, `call` unset). */
function schemaToggle(resource: string, source: string, call?: ToggleFieldProps['call'], onValue?: number) {
  const toggle = fieldMeta(resource, source)?.toggle;
  const own = toggle?.path && `${entityMeta(resource)?.path ?? ''}${toggle.path}`;
  return {
    call:
      call ??
      (own
        ? (id: Identifier, value: number) => ({ path: own.replace('{id}', String(id)), query: { [source]: value } })
        : undefined),
    onValue: onValue ?? toggle?.on ?? 1,
  };
}
