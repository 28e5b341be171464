import { useNotify } from 'react-admin';
import { useWrite } from '../../kit';

/**
 * Runs a balance call as a mutation: the spec's toast and the balance records, members (their balance) and orders
 * (paid) refetched, or the server's message ("Exceed balance limit"…).
 */
export const useBalanceCall = () => {
  const notify = useNotify();
  const { mutateAsync } = useWrite('balanceRecord', (_, call: () => Promise<unknown>) => call(), ['member', 'order']);
  return async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await mutateAsync(call);
      notify('app.message.submitSuccess', { type: 'success' });
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    }
  };
};
