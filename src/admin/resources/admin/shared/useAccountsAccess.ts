import { usePermissions } from 'react-admin';
import type { Permissions } from '../../../providers/authProvider';

/**
 * Whether the user manages admin accounts (granted the `admin` menu): the platform staff who may see every shop's
 * seller, pick an account, grant VIP. Sellers are not granted it, and the server refuses them those calls anyway.
 */
export const useAccountsAccess = () => {
  const { permissions } = usePermissions<Permissions>();
  return !!permissions?.menus.some((m) => m.name === 'admin');
};
