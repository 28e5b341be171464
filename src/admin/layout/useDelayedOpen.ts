import { useCallback, useEffect, useRef, useState } from 'react';
import { SUBMENU_DELAY_MS } from '../../shared/constants';

/** Open/close state whose opening waits SUBMENU_DELAY_MS (spec §2: sub-menus show after 200 ms). */
export const useDelayedOpen = (initial: boolean) => {
  const [open, setOpen] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = () => clearTimeout(timer.current);
  const show = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => setOpen(true), SUBMENU_DELAY_MS);
  }, []);
  const hide = useCallback(() => {
    cancel();
    setOpen(false);
  }, []);
  useEffect(() => cancel, []);
  return { open, show, hide, toggle: open ? hide : show };
};
