import { useNotify, useUnselectAll, type Identifier } from 'react-admin';
import { useActionMutation } from '../../kit';
import type { MemberApplyStatus } from '../../../../generated/enums';

/** Runs an approve / reject call (the member schema's `applyStatus`) with a busy flag, the spec's toast, members refetched. */
export const useDecide = () => {
  const notify = useNotify();
  const unselectAll = useUnselectAll('member');
  const { mutateAsync, isPending: busy } = useActionMutation('member', 'applyStatus');
  const decide = async (ids: Identifier[], applyStatus: MemberApplyStatus) => {
    if (!ids.length) {
      notify('app.message.selectRecord', { type: 'warning' });
      return;
    }
    try {
      await mutateAsync({ query: { ids, applyStatus } });
      notify('app.message.updateSuccess', { type: 'success' });
      unselectAll();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return { busy, decide };
};
