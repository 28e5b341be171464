import { useNotify } from 'react-admin';

/**
 * Wraps a dialog's close for the way out that is not its confirm (cancel, Escape, a click beside it): it also says
 * the spec's "Operation cancelled", so nobody wonders whether the operation went through.
 */
export const useCancelled = () => {
  const notify = useNotify();
  return <A extends unknown[]>(close: (...args: A) => void) =>
    (...args: A) => {
      notify('app.message.operationCancelled', { type: 'info' });
      close(...args);
    };
};
