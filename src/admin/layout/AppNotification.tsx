import { Notification } from 'react-admin';
import { TOAST_MS } from '../../shared/constants';
import { useIsMobile } from '../components/useDevice';
import { BOTTOM_BAR_HEIGHT } from './BottomBar';

/**
 * Toasts last TOAST_MS (spec §8: 3 s), which is also how long an undoable change waits for its Undo. On a phone they
 * sit above the bottom bar, not over it: the bar stays usable and the Undo button is never under it.
 */
export const AppNotification = () => {
  const mobile = useIsMobile();
  return <Notification autoHideDuration={TOAST_MS} sx={mobile ? { bottom: BOTTOM_BAR_HEIGHT + 8 } : undefined} />;
};
