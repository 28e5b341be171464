import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCanAccess, useDataProvider, useListContext, useNotify, useUnselectAll, type Identifier } from 'react-admin';
import { Confirm } from '../../components/Confirm';
import { Button } from '../../components/Button';
import { ReturnApplyStatus } from '../../../../generated/enums';
import { useWrite } from '../../kit';

const DELETABLE: number[] = [ReturnApplyStatus.completed, ReturnApplyStatus.rejected];

/** Deletes the handled (completed or rejected) applications among the selection, after a confirmation. */
export const ReturnBulkDelete = () => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const unselectAll = useUnselectAll('returnApply');
  const [ids, setIds] = useState<Identifier[] | null>(null);
  const { mutateAsync: deleteMany, isPending: busy } = useWrite('returnApply', (dp, handled: Identifier[]) =>
    dp.deleteMany('returnApply', { ids: handled }),
  );
  const { canAccess } = useCanAccess({ action: 'delete', resource: 'returnApply' });
  if (canAccess !== true) return null;
  const ask = async () => {
    const { data } = await dataProvider.getMany('returnApply', { ids: selectedIds });
    const handled = data.filter((a) => DELETABLE.includes(Number(a.status))).map((a) => a.id);
    if (!handled.length) notify('app.message.returnNotDeletable', { type: 'warning' });
    else setIds(handled);
  };
  const remove = async () => {
    try {
      await deleteMany(ids!);
      notify('app.message.deleteSuccess', { type: 'success' });
      unselectAll();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setIds(null);
    }
  };
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => void ask()}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={!!ids}
        loading={busy}
        title="app.returnApply.deleteTitle"
        content="app.returnApply.deleteContent"
        translateOptions={{ n: ids?.length ?? 0 }}
        onConfirm={() => void remove()}
        onClose={() => setIds(null)}
      />
    </>
  );
};
