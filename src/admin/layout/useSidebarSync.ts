import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSidebarState } from 'react-admin';
import { STORAGE } from '../../shared/constants';

/**
 * Keeps react-admin's sidebar state in the spec's storage ('1' open, '0' closed) and closes it on narrow screens,
 * again on every route change there.
 */
export const useSidebarSync = (narrow: boolean) => {
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();

  useEffect(() => {
    const stored = localStorage.getItem(STORAGE.sidebar);
    if (stored === '0' || stored === '1') setOpen(stored === '1');
    // Only once: afterwards the state drives the storage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    localStorage.setItem(STORAGE.sidebar, open ? '1' : '0');
  }, [open]);

  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow, pathname, setOpen]);
};
