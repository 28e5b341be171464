import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isLoggedIn } from '../providers/session';
import { guardRedirect } from './guard';

/** Applies the session rules of spec §4 on every navigation (see guard.ts). */
export const RouteGuard = () => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = guardRedirect(pathname, isLoggedIn());
    // After logging in, react-admin returns to nextPathname.
    if (target)
      void navigate(target, {
        replace: true,
        state: target === '/login' ? { nextPathname: pathname, nextSearch: search } : undefined,
      });
  }, [pathname, search, navigate]);
  return null;
};
