import type { Identifier } from 'react-admin';
import { actions, type ActionInputs, type ActionResource, type Actions } from '../../../generated/actions';
import type { Call } from '../../shared/access-patterns';
import { api, type Params } from './http';

export type { ActionResource };
/**
 * The calls a resource declares (`x-admin.actions` of its schema). Distributive: where the resource is not inferred
 * (a caller naming the answer's type, `callAction<Plan[]>(…)`) any declared name passes, and an unknown pair throws.
 */
export type ActionName<R extends ActionResource> = R extends ActionResource ? keyof Actions[R] & string : never;

/** The body a call states in its schema (`ActionInputs`: its parameters and fields), else any JSON. */
export type ActionBody<R, N> = R extends keyof ActionInputs
  ? N extends keyof ActionInputs[R]
    ? ActionInputs[R][N]
    : unknown
  : unknown;

export interface ActionArgs<B = unknown> {
  /** Fills the path's `{param}` (`/admin/role/{id}`, `/sku/{pid}`): no declared path has more than one. */
  id?: Identifier;
  query?: Params;
  /** JSON body: upstream takes a call's parameters in the body or the query alike. */
  body?: B;
}

interface ActionDef {
  method: 'GET' | 'POST';
  path: string;
}

const declared = (resource: string, name: string): ActionDef | undefined =>
  (actions as Record<string, Record<string, ActionDef> | undefined>)[resource]?.[name];

const defOf = (resource: string, name: string): ActionDef => {
  const def = declared(resource, name);
  if (!def) throw new Error(`${resource} declares no action "${name}"`);
  return def;
};

/** The full path of a declared call; a missing id fills its param with 0 (one access check serves every row). */
const pathOf = ({ path }: ActionDef, id: Identifier | undefined) =>
  path.replace(/\{\w+\}/, encodeURIComponent(String(id ?? 0)));

/** A declared call as the server's guard sees it; undefined when the resource declares no such action. */
export const declaredCall = (resource: string, name: string, id?: Identifier): Call | undefined => {
  const def = declared(resource, name);
  return def && { method: def.method, path: pathOf(def, id), write: def.method !== 'GET' };
};

/** Makes a declared call: the envelope's data, or its error thrown (http.ts). */
export const callAction = <
  T = unknown,
  R extends ActionResource = ActionResource,
  N extends ActionName<R> = ActionName<R>,
>(
  resource: R,
  name: N,
  { id, query, body }: ActionArgs<ActionBody<R, N>> = {},
): Promise<T> => {
  const def = defOf(resource, name);
  return api<T>(pathOf(def, id), { method: def.method, query, json: body });
};
