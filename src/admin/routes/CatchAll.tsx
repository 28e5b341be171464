import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';

/**
 * Unknown paths go to /404 — once the granted routes are known. While they load, or when loading them failed
 * (a 401: the Confirm-logout dialog is up), the path may be a real screen, so stay.
 */
export const CatchAll = () => {
  const { permissions, isPending } = usePermissions();
  return isPending || !permissions ? null : <Navigate to="/404" replace />;
};
