import { Button } from '@mui/material';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { EditButton, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useBatchWrite } from './useProductBatch';
import { useInRecycleBin } from './RecycleTabs';

/** Edit a listed product, or restore it from the recycle bin. */
export const ProductRowActions = () => {
  const record = useRecordContext();
  const bin = useInRecycleBin();
  const translate = useTranslate();
  const notify = useNotify();
  const { mutateAsync, isPending: busy } = useBatchWrite();
  if (!record) return null;
  if (!bin) return <EditButton />;
  const restore = async () => {
    try {
      await mutateAsync({ ids: [record.id], param: 'deleteStatus', value: 0 });
      notify('app.catalog.product.list.restored', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Button size="small" startIcon={<RestoreFromTrashIcon />} disabled={busy} onClick={() => void restore()}>
      {translate('app.catalog.product.list.restore')}
    </Button>
  );
};
