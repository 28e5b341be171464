import type { MouseEvent } from 'react';
import { Notification, NotificationClasses, useNotify } from 'react-admin';
import { TOAST_MS } from '../../shared/constants';
import { useIsMobile } from '../components/useDevice';
import { BOTTOM_BAR_HEIGHT } from './BottomBar';

/**
 * Toasts last TOAST_MS (spec §8: 3 s), which is also how long an undoable change waits for its Undo; an undone one
 * says "Operation cancelled" as every cancelled operation does (spec §8). On a phone they sit above the bottom bar,
 * not over it: the bar stays usable and the Undo button is never under it.
 */
export const AppNotification = () => {
  const mobile = useIsMobile();
  const notify = useNotify();
  // react-admin's Undo button runs its own handler; this one only hears the click on its way down.
  const onClickCapture = (e: MouseEvent) => {
    if ((e.target as Element).closest(`.${NotificationClasses.undo}`))
      notify('app.message.operationCancelled', { type: 'info' });
  };
  return (
    <Notification
      autoHideDuration={TOAST_MS}
      onClickCapture={onClickCapture}
      sx={{
        // The toast's own text colour: react-admin's blue on the success green is too faint to read (WCAG AA).
        [`& .${NotificationClasses.undo}`]: { color: 'inherit', fontWeight: 700 },
        ...(mobile && { bottom: BOTTOM_BAR_HEIGHT + 8 }),
      }}
    />
  );
};
