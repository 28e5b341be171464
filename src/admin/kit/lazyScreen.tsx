import { lazy, useState, type ComponentType } from 'react';

/** A screen whose code loads on its first visit, or earlier through `preload()`. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * A screen loaded on its first visit: the entry bundle carries no screen's code (nor the MUI parts only that screen
 * uses). `preload()` starts the download sooner (boot does for the address the app opens at): a screen whose code is
 * in by its first render shows at once, where a suspended one shows the fallback and React then holds the screen
 * back for up to 300 ms after it arrives.
 */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>): LazyScreen => {
  let loaded: ComponentType | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = m.default),
      (error) => {
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then(() => ({ default: loaded! })));
  const Screen = () => {
    // Decided once per mount, so a screen that suspended keeps its lazy wrapper (no remount when the code arrives).
    const [Shown] = useState<ComponentType>(() => loaded ?? Suspending);
    return <Shown />;
  };
  return Object.assign(Screen, { preload });
};

/** `lazyScreen` of a module's named export: `lazyNamed(() => import('./AdminList'), 'AdminList')`. */
export const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyScreen(() => load().then((m) => ({ default: m[name] })));
