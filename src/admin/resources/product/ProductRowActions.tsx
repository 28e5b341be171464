import { useState } from 'react';
import { Button } from '@mui/material';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { EditButton, useNotify, useRecordContext, useRefresh, useTranslate, type FieldProps } from 'react-admin';
import { runBatch } from '../../components/batchCall';
import { useInRecycleBin } from './RecycleTabs';

/** Edit a listed product, or restore it from the recycle bin. */
export const ProductRowActions = (_: FieldProps) => {
  const record = useRecordContext();
  const bin = useInRecycleBin();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  if (!bin) return <EditButton />;
  const restore = async () => {
    setBusy(true);
    try {
      await runBatch('/product', 'deleteStatus', [record.id], 0);
      notify('app.catalog.product.list.restored', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<RestoreFromTrashIcon />} disabled={busy} onClick={restore}>
      {translate('app.catalog.product.list.restore')}
    </Button>
  );
};
