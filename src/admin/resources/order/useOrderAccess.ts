import { useCanAccess } from 'react-admin';
import { rawAction } from '../../providers/actionCall';

/** Whether the server lets the caller make this order call (its role's resources); false while unknown. */
export const useCallAllowed = (path: string | undefined, method: 'GET' | 'POST' = 'POST') => {
  const { canAccess } = useCanAccess({ action: rawAction(method, path ?? '/'), resource: 'order', enabled: !!path });
  return !path || canAccess === true;
};
