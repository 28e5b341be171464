import { useState } from 'react';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { runBatch } from '../../components/batchCall';

/** Runs one batch call on the selected products: "Update successful", selection cleared, list refreshed. */
export const useProductBatch = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [running, setRunning] = useState(false);
  const run = async (param: string, value: unknown, message = 'app.message.updateSuccess') => {
    setRunning(true);
    try {
      await runBatch('/product', param, selectedIds, value);
      notify(message, { type: 'success' });
      onUnselectItems();
      refresh();
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    } finally {
      setRunning(false);
    }
  };
  return { selectedIds, run, running };
};
