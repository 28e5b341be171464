import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec §2: every navigation starts at the top of the page. */
export const ScrollToTop = () => {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
};
