import { useState, type ChangeEvent, type MouseEvent } from 'react';
import { Switch } from '@mui/material';
import {
  useCanAccess,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type FieldProps,
  type Identifier,
} from 'react-admin';
import { EnumField } from './EnumField';
import { rawAction } from '../providers/actionCall';
import { ownPath } from '../../shared/crud-paths';
import { batchPath, entityMeta, fieldMeta } from './schema';
import { useWrite } from './actionHooks';

export interface ToggleFieldProps extends FieldProps {
  source: string;
  /** Value meaning "on" (default: the schema's `toggle.on`, else 1; a menu is shown when `hidden` is 0). */
  onValue?: number;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * An inline switch in a list row: one call (the schema's `toggle` call, else the batch call of that row) through the
 * dataProvider, "Update successful", the list refreshed. A caller the server would refuse the call sees the value as
 * text instead.
 */
export const ToggleField = ({ source, onValue: onProp, label }: ToggleFieldProps) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const own = fieldMeta(resource, source)?.toggle;
  const onValue = onProp ?? own?.on ?? 1;
  const notify = useNotify();
  const translate = useTranslate();
  const [pending, setPending] = useState<boolean | null>(null);
  // Refetches the resource's queries once stored: the switch keeps its new position until the fresh list is there.
  const { mutateAsync } = useWrite(resource, (dataProvider, v: { id: Identifier; value: number }) =>
    dataProvider.toggle(resource, v.id, source, v.value),
  );
  // The call's path with a placeholder id: one check per list column, not one per row (the rule is per path).
  const path = own?.path ? ownPath(entityMeta(resource)?.path ?? '', own.path, 0) : batchPath(resource, source);
  const { canAccess } = useCanAccess({ resource, action: rawAction('POST', path) });
  if (!record) return null;
  if (canAccess !== true) return <EnumField source={source} />;
  const checked = pending ?? Number(record[source]) === onValue;

  const change = async (_: ChangeEvent, next: boolean) => {
    setPending(next);
    const value = next ? onValue : 1 - onValue;
    try {
      await mutateAsync({ id: record.id, value });
      notify('app.message.updateSuccess', { type: 'success' });
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
