import { lazy, Suspense, useCallback, useState } from 'react';
import { useNotify, type HttpError } from 'react-admin';
import { ResultCode } from '../../shared/envelope';
import type { StaleSave } from './staleFields';

// Downloaded only when a save is refused: no page needs it before.
const StaleSaveDialog = lazy(() => import('./StaleSaveDialog'));

type Values = Record<string, unknown>;

/**
 * An Edit's handling of a save refused as stale (code 409, `Messages.staleWrite`): `onError` for its
 * mutationOptions (any other error notified as react-admin does), and `dialog`, rendered inside the Edit, which shows
 * the fields that differ and offers Reload (take the stored record) or Keep mine (save again over it).
 */
export function useStaleSave(onOtherError?: (error: unknown) => void) {
  const notify = useNotify();
  const [stale, setStale] = useState<StaleSave | null>(null);
  const onError = useCallback(
    (error: unknown, variables?: { data?: Values }) => {
      const e = error as HttpError;
      const current = e?.body?.data as Values | null | undefined;
      if (e?.status === ResultCode.CONFLICT && current && typeof current === 'object') {
        setStale({ sent: variables?.data ?? {}, current });
        return;
      }
      if (onOtherError) return onOtherError(error);
      // As react-admin: field errors show on their inputs, anything else as a notification.
      if (e?.body?.errors && Object.keys(e.body.errors).length) return;
      notify(e?.message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: e?.message } });
    },
    [notify, onOtherError],
  );
  const dialog = stale && (
    <Suspense fallback={null}>
      <StaleSaveDialog stale={stale} onClose={() => setStale(null)} />
    </Suspense>
  );
  return { onError, dialog };
}
