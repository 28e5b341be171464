import { useEffect, useState } from 'react';
import { MOBILE_MAX_WIDTH, MOBILE_RATIO } from '../../shared/constants';

/** Spec §4: mobile when narrower than 768 px or taller than 1.5× the width. */
export const isMobileViewport = (width: number, height: number) =>
  width < MOBILE_MAX_WIDTH || height / width > MOBILE_RATIO;

const measure = () => isMobileViewport(window.innerWidth, window.innerHeight);

/** Re-evaluated on resize, but only while the page is visible (a hidden tab keeps its layout). */
export const useIsMobile = () => {
  const [mobile, setMobile] = useState(measure);
  useEffect(() => {
    const onResize = () => {
      if (!document.hidden) setMobile(measure());
    };
    window.addEventListener('resize', onResize);
    document.addEventListener('visibilitychange', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onResize);
    };
  }, []);
  return mobile;
};
