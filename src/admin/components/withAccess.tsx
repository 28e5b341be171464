import type { ComponentType } from 'react';
import { useCanAccess } from 'react-admin';
import { AccessDeniedPage } from './AccessDeniedPage';

/** The views of a resource behind the permission check, and the action each asks for. */
export const VIEW_ACTIONS = { list: 'list', create: 'create', edit: 'edit', show: 'show' } as const;
export type GuardedView = keyof typeof VIEW_ACTIONS;

/**
 * A resource's view shown only once canAccess allows its action; otherwise "Access denied" in place.
 * react-admin's own check draws the page as soon as the check answers and leaves for /access-denied only after it
 * mounted: meanwhile a denied form was drawn (its chunk loading, its record fetched) and a list's filters and
 * reference fields made calls the server refuses ("Forbidden" toasts, "No X found", "1-10 of 10").
 */
export const withAccess = (View: ComponentType, view: GuardedView) => {
  const Guarded = () => {
    const { canAccess, isPending } = useCanAccess({ action: VIEW_ACTIONS[view] });
    if (isPending) return null;
    return canAccess ? <View /> : <AccessDeniedPage />;
  };
  Guarded.displayName = `WithAccess(${view})`;
  return Guarded;
};
