import { useState, type MouseEvent } from 'react';
import { Switch } from '@mui/material';
import {
  useCanAccess,
  useGetRecordRepresentation,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
  useDataProvider,
  useUpdateMany,
  type FieldProps,
} from 'react-admin';
import { EnumField } from './EnumField';
import { rawAction } from '../providers/actionCall';
import type { AppDataProvider } from '../providers/dataProvider';
import { Confirm } from '../components/Confirm';
import { ownPath } from '../../shared/crud-paths';
import { batchPath, entityMeta, fieldMeta } from './schema';
import { mutationModeOf } from './undoable';

export interface ToggleFieldProps extends FieldProps {
  source: string;
  /** Value meaning "on" (default: the schema's `toggle.on`, else 1; a menu is shown when `hidden` is 0). */
  onValue?: number;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * An inline switch in a list row: one call (the schema's `toggle` call, else the batch call of that row) through
 * react-admin's `useUpdateMany`. Undoable (the default): the row shows the new value at once, "Update successful"
 * offers Undo, and the call goes out only when that notification closes. A field the schema's `x-admin.confirm`
 * names asks first and is sent at once. A caller the server would refuse the call sees the value as text instead.
 */
export const ToggleField = ({ source, onValue: onProp, label }: ToggleFieldProps) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const own = fieldMeta(resource, source)?.toggle;
  const onValue = onProp ?? own?.on ?? 1;
  const notify = useNotify();
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  const dataProvider = useDataProvider<AppDataProvider>();
  const mutationMode = mutationModeOf(resource, source);
  const [asking, setAsking] = useState<number | null>(null);
  // The row's own call, not the generic update: the cache of every list showing the row is updated as react-admin
  // does for updateMany (and put back on Undo or a refusal), then the resource's queries are refetched.
  const [updateMany, { isPending }] = useUpdateMany(resource, undefined, {
    mutationMode,
    mutationFn: async ({ resource: r, ids, data }) => {
      await dataProvider.toggle(r!, ids![0], source, Number(data![source]));
      return ids!;
    },
  });
  // The call's path with a placeholder id: one check per list column, not one per row (the rule is per path).
  const path = own?.path ? ownPath(entityMeta(resource)?.path ?? '', own.path, 0) : batchPath(resource, source);
  const { canAccess } = useCanAccess({ resource, action: rawAction('POST', path) });
  if (!record) return null;
  if (canAccess !== true) return <EnumField source={source} />;
  const checked = Number(record[source]) === onValue;

  const send = (value: number) =>
    updateMany(
      resource,
      { ids: [record.id], data: { [source]: value } },
      {
        onSuccess: () => {
          setAsking(null);
          notify('app.message.updateSuccess', { type: 'success', undoable: mutationMode === 'undoable' });
        },
        onError: (error) => {
          setAsking(null);
          notify((error as Error).message, { type: 'error' });
        },
      },
    );
  const change = (next: boolean) => {
    const value = next ? onValue : 1 - onValue;
    if (mutationMode === 'undoable') void send(value);
    else setAsking(value);
  };

  const name = typeof label === 'string' ? label : `resources.${resource}.fields.${source}`;
  const shown = represent(record);
  const options = {
    smart_count: 1,
    name: translate(`resources.${resource}.name`, { smart_count: 1 }),
    recordRepresentation: typeof shown === 'string' ? shown : `#${record.id}`,
  };
  return (
    <>
      <Switch
        size="small"
        checked={checked}
        disabled={isPending && mutationMode !== 'undoable'}
        onChange={(_, on) => change(on)}
        onClick={stop}
        slotProps={{ input: { 'aria-label': translate(name) } }}
      />
      {mutationMode !== 'undoable' && (
        <Confirm
          isOpen={asking !== null}
          loading={isPending}
          title="ra.message.bulk_update_title"
          content="ra.message.bulk_update_content"
          titleTranslateOptions={options}
          contentTranslateOptions={options}
          onConfirm={(e) => {
            e.stopPropagation();
            void send(asking!);
          }}
          onClose={(e) => {
            e.stopPropagation();
            setAsking(null);
          }}
        />
      )}
    </>
  );
};
