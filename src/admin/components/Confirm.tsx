import { Confirm as RaConfirm, type ConfirmProps } from 'react-admin';
import { useCancelled } from './useCancelled';

/** react-admin's confirmation dialog that says "Operation cancelled" when it is closed without confirming. */
export const Confirm = ({ onClose, ...props }: ConfirmProps) => (
  <RaConfirm {...props} onClose={useCancelled()(onClose)} />
);
