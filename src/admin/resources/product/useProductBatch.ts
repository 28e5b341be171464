import { useListContext, useNotify, type Identifier } from 'react-admin';
import { entityMeta, useWrite } from '../../kit';

interface Batch {
  ids: Identifier[];
  /** The upstream param (`recommendStatus`), which may name another field (`recommandStatus`). */
  param: string;
  value: unknown;
}

/** Sets one batch param on products: the dataProvider's updateMany (the schema's batch call), products refetched. */
export const useBatchWrite = () =>
  useWrite('product', (dataProvider, { ids, param, value }: Batch) =>
    dataProvider.updateMany('product', {
      ids,
      data: { [entityMeta('product')?.batchFields?.[param] ?? param]: value },
    }),
  );

/** Runs one batch call on the selected products: "Update successful", selection cleared, list refetched. */
export const useProductBatch = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const { mutateAsync, isPending: running } = useBatchWrite();
  const run = async (param: string, value: unknown, message = 'app.message.updateSuccess') => {
    try {
      await mutateAsync({ ids: selectedIds, param, value });
      notify(message, { type: 'success' });
      onUnselectItems();
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    }
  };
  return { selectedIds, run, running };
};
