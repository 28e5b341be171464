import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded on its first visit, from a module's named export: the entry bundle carries no screen's code (nor the
 * MUI parts only that screen uses). `lazyNamed(() => import('./AdminList'), 'AdminList')`.
 */
export const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy<ComponentType>(() => load().then((m) => ({ default: m[name] })));
