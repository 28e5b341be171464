import type { ComponentType } from 'react';
import type { ResourceModule } from '../kit';
import { VIEW_ACTIONS, withAccess, type GuardedView } from '../components/withAccess';
import { resources as generated } from '../../../generated/admin/resources';
import { overrides } from '../resources';
import { parsePath } from 'react-router-dom';
import { routes } from '../../../generated/menus';
import { addressMap, internalView } from '../routes/addressBar';
import type { MenuNode } from '../routes/types';

/** Generated views, each hand-written override winning by name. */
export const mergeResources = (
  base: Record<string, ResourceModule>,
  extra: Record<string, ResourceModule>,
): Record<string, ResourceModule> => {
  const out: Record<string, ResourceModule> = {};
  for (const name of new Set([...Object.keys(base), ...Object.keys(extra)]))
    out[name] = { ...base[name], ...extra[name] };
  return out;
};

/** Every list, form and show page behind its canAccess check (see withAccess). */
const guardViews = (modules: Record<string, ResourceModule>): Record<string, ResourceModule> =>
  Object.fromEntries(
    Object.entries(modules).map(([name, m]) => {
      const guarded: ResourceModule = { ...m };
      for (const view of Object.keys(VIEW_ACTIONS) as GuardedView[]) {
        const View = m[view] as ComponentType | undefined;
        if (View) guarded[view] = withAccess(View, view);
      }
      return [name, guarded];
    }),
  );

const views = mergeResources(generated, overrides);
export const resourceModules = guardViews(views);

/** The view a react-admin path shows (`/brand`, `/brand/create`, `/brand/3`, `/brand/3/show`), unguarded. */
export const viewAt = (pathname: string) => {
  const { resource, view } = internalView(pathname);
  return resource && Object.hasOwn(views, resource) ? views[resource][view] : undefined;
};

export const hasResource = (name: string) => Object.hasOwn(resourceModules, name);

/** Spec paths ↔ react-admin paths of the resources this build serves. */
export const addresses = addressMap(routes, hasResource);

/** Where a menu entry leads, as the router sees it (react-admin's path when a resource serves it, else the spec path). */
export const linkOf = (node: MenuNode) => {
  const inside = addresses.fromAddress({ pathname: '', search: '', hash: '', ...parsePath(node.path) });
  return inside ? `${inside.pathname}${inside.search}` : node.path;
};
