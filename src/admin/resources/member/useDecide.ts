import { useState } from 'react';
import { useNotify, useRefresh, useUnselectAll, type Identifier } from 'react-admin';
import { setApplyStatus } from './applyStatus';
import { MemberApplyStatus } from '../../../../generated/enums';

/** Runs an approve / reject call with a busy flag, the spec's toast and a refreshed list. */
export const useDecide = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('member');
  const [busy, setBusy] = useState(false);
  const decide = async (ids: Identifier[], status: MemberApplyStatus) => {
    if (!ids.length) {
      notify('app.message.selectRecord', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      await setApplyStatus(ids, status);
      notify('app.message.updateSuccess', { type: 'success' });
      unselectAll();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, decide };
};
