import { useState } from 'react';
import { useNotify, useRefresh, useUnselectAll } from 'react-admin';

/**
 * Runs an order call with a busy flag: the spec's success toast and a refreshed screen, or the server's message.
 * Answers whether it succeeded (a dialog stays open on a refusal).
 */
export const useOrderCall = (success = 'app.message.updateSuccess') => {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('order');
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      notify(success, { type: 'success' });
      unselectAll();
      refresh();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
};
