import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { memoryStore, useSidebarState, type Store } from 'react-admin';
import { STORAGE } from '../../shared/constants';

/**
 * react-admin's store, holding the sidebar state saved under the spec's key ('1' open, '0' closed) from the first
 * render: set after it, a closed sidebar would first show open and fold under the pointer.
 */
export const storeWithSidebar = (): Store => {
  const saved = (): Record<string, boolean> => {
    const stored = localStorage.getItem(STORAGE.sidebar);
    return stored === '0' || stored === '1' ? { 'sidebar.open': stored === '1' } : {};
  };
  const store = memoryStore(saved());
  // react-admin empties the store when a session ends without a reload; the saved state outlives sessions.
  const reset = () => {
    store.reset();
    for (const [key, value] of Object.entries(saved())) store.setItem(key, value);
  };
  return { ...store, reset };
};

/** Keeps the sidebar state in the spec's storage and closes it on narrow screens, again on every route change there. */
export const useSidebarSync = (narrow: boolean) => {
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();

  useEffect(() => {
    localStorage.setItem(STORAGE.sidebar, open ? '1' : '0');
  }, [open]);

  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow, pathname, setOpen]);
};
