import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { useGetList, useNotify, useResourceContext, useTranslate, type Identifier } from 'react-admin';
import { Button } from '../components/Button';
import { PickDialog } from './PickDialog';
import { entityMeta } from './schema';
import { useWrite } from './actionHooks';

/**
 * `x-admin.pick`: the list's "Choose …" button. It picks records of the pick field's reference (brands, products,
 * subjects) and creates one row per choice in a single call (`POST <path>/create` with a list, upstream's body).
 */
export const PickButton = () => {
  const resource = useResourceContext() ?? '';
  const meta = entityMeta(resource)!;
  const field = meta.fields.find((f) => f.name === meta.pick)!;
  const target = field.ref!.resource;
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const notify = useNotify();
  const { mutateAsync: create } = useWrite(resource, (dataProvider, data: Record<string, Identifier>[]) =>
    dataProvider.create(resource, { data: data as never }),
  );
  // Already in the list: marked in the dialog (the list is short: a homepage's recommendations).
  const { data } = useGetList(resource, { pagination: { page: 1, perPage: 1000 } }, { enabled: open });
  const chosen = (data ?? []).map((r) => r[field.name] as Identifier);
  const label = translate('app.pick.choose', { name: translate(`resources.${target}.name`, { smart_count: 2 }) });
  const pick = async (ids: Identifier[]) => {
    try {
      await create(ids.map((id) => ({ [field.name]: id })));
      notify('app.message.submitSuccess', { type: 'success' });
      setOpen(false);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      {open && (
        <PickDialog resource={target} title={label} chosen={chosen} onClose={() => setOpen(false)} onPick={pick} />
      )}
    </>
  );
};
