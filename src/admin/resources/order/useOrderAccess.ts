import { useCanAccess } from 'react-admin';
import type { ActionName } from '../../providers/actions';

/** Whether the server lets the caller make this order call (its role's resources); false while unknown. */
export const useCallAllowed = (name: ActionName<'order'> | undefined) => {
  const { canAccess } = useCanAccess({ action: name ?? '', resource: 'order', enabled: !!name });
  return !name || canAccess === true;
};
