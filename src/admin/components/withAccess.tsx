import type { ComponentType } from 'react';
import { AccessDenied, useCanAccess } from 'react-admin';

/**
 * A resource's list shown only once canAccess allows it; otherwise react-admin's "access denied" in place.
 * react-admin's own check leaves for /access-denied only after the page mounted, and meanwhile its filters and
 * reference fields have made calls the server refuses ("Forbidden" toasts, "No X found", "1-10 of 10").
 */
export const withListAccess = (List: ComponentType) => {
  const Guarded = () => {
    const { canAccess, isPending } = useCanAccess({ action: 'list' });
    if (isPending) return null;
    return canAccess ? <List /> : <AccessDenied />;
  };
  Guarded.displayName = 'WithListAccess';
  return Guarded;
};
