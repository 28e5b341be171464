import type { Identifier } from 'react-admin';
import { api } from '../providers/http';

/**
 * Upstream's batch status call `POST <base>/update/<param>?ids=1,2&<param>=v` (query-string params), e.g.
 * `/product/update/publishStatus`. As a `Call` it also drives the inline ToggleField of one row.
 */
export const batchCall = (base: string, param: string) => (ids: Identifier | Identifier[], value: unknown) => ({
  path: `${base}/update/${param}`,
  query: { ids, [param]: value },
});

export const runBatch = (base: string, param: string, ids: Identifier[], value: unknown) => {
  const { path, query } = batchCall(base, param)(ids, value);
  return api<number>(path, { method: 'POST', query });
};
