import { useNotify, useRefresh } from 'react-admin';

/** Runs a balance call: the spec's toast and refreshed lists, or the server's message ("Exceed balance limit"…). */
export const useBalanceCall = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (call: () => Promise<unknown>): Promise<boolean> => {
    try {
      await call();
      notify('app.message.submitSuccess', { type: 'success' });
      refresh();
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    }
  };
};
