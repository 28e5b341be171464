import type { ResourceProps } from 'react-admin';
import { resources as generated } from '../../generated/admin/resources';
import { overrides } from './resources';
import { resourcePath } from './routes/routeTable';
import type { MenuNode } from './routes/types';

/** react-admin <Resource> props without the name (the key). */
export type ResourceModule = Omit<ResourceProps, 'name'>;

/** Generated views, each hand-written override winning by name. */
export const mergeResources = (
  base: Record<string, Partial<ResourceModule>>,
  extra: Record<string, Partial<ResourceModule>>,
): Record<string, ResourceModule> => {
  const out: Record<string, ResourceModule> = {};
  for (const name of new Set([...Object.keys(base), ...Object.keys(extra)])) out[name] = { ...base[name], ...extra[name] };
  return out;
};

export const resourceModules = mergeResources(generated as Record<string, Partial<ResourceModule>>, overrides);

export const hasResource = (name: string) => Object.hasOwn(resourceModules, name);

/** Where a menu entry leads: the react-admin resource page when one serves it, else the spec path. */
export const linkOf = (node: MenuNode) => resourcePath(node, '', hasResource) ?? node.path;
