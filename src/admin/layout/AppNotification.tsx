import { Notification } from 'react-admin';
import { TOAST_MS } from '../../shared/constants';

/** Toasts last TOAST_MS (spec §8: 3 s). */
export const AppNotification = () => <Notification autoHideDuration={TOAST_MS} />;
