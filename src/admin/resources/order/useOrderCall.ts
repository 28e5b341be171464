import { useNotify, useUnselectAll } from 'react-admin';
import { useWrite } from '../../kit';

/**
 * Runs an order call as a mutation: the spec's success toast and the order queries refetched, or the server's
 * message. Answers whether it succeeded (a dialog stays open on a refusal).
 */
export const useOrderCall = (success = 'app.message.updateSuccess') => {
  const notify = useNotify();
  const unselectAll = useUnselectAll('order');
  const { mutateAsync, isPending: busy } = useWrite('order', (_, call: () => Promise<unknown>) => call());
  const run = async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await mutateAsync(call);
      notify(success, { type: 'success' });
      unselectAll();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    }
  };
  return { busy, run };
};
