import { useCanAccess, useDataProvider, useListContext, useNotify, useUnselectAll, type Identifier } from 'react-admin';
import { DeleteConfirmButton } from '../../components/ConfirmButton';
import { ReturnApplyStatus } from '../../../../generated/enums';
import { useWrite } from '../../kit';

const DELETABLE: number[] = [ReturnApplyStatus.completed, ReturnApplyStatus.rejected];

/** Deletes the handled (completed or rejected) applications among the selection, after a confirmation. */
export const ReturnBulkDelete = () => {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const unselectAll = useUnselectAll('returnApply');
  const { mutateAsync: deleteMany } = useWrite('returnApply', (dp, handled: Identifier[]) =>
    dp.deleteMany('returnApply', { ids: handled }),
  );
  const { canAccess } = useCanAccess({ action: 'delete', resource: 'returnApply' });
  if (canAccess !== true) return null;
  const handledOnes = async () => {
    const { data } = await dataProvider.getMany('returnApply', { ids: selectedIds });
    const handled = data.filter((a) => DELETABLE.includes(Number(a.status))).map((a) => a.id);
    if (!handled.length) notify('app.message.returnNotDeletable', { type: 'warning' });
    return handled.length ? handled : null;
  };
  const remove = async (ids: Identifier[]) => {
    try {
      await deleteMany(ids);
      notify('app.message.deleteSuccess', { type: 'success' });
      unselectAll();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <DeleteConfirmButton
      title="app.returnApply.deleteTitle"
      content="app.returnApply.deleteContent"
      prepare={handledOnes}
      options={(ids) => ({ n: ids.length })}
      onConfirm={remove}
    />
  );
};
