import type { Identifier } from 'react-admin';
import { queryClient } from '../providers/queryClient';

/** A change told this long after the tab's own write of the row is taken for that write. */
const OWN_WRITE_MS = 10_000;

const same = (a: unknown, b: Identifier) => a !== undefined && a !== null && String(a) === String(b);

/**
 * Whether the tab itself is writing, or has just written, the row (a react-admin mutation of the resource naming
 * its id, in the query client's mutation cache): a change the stream tells of it is then the tab's own, neither a
 * marked row nor "saved elsewhere".
 */
export function ownWrite(resource: string, id: Identifier): boolean {
  return queryClient
    .getMutationCache()
    .getAll()
    .some((m) => {
      const key = m.options.mutationKey;
      if (!Array.isArray(key) || key[0] !== resource) return false;
      const params = [key[2], m.state.variables] as { id?: unknown; ids?: unknown[] }[];
      const names = params.some((p) => same(p?.id, id) || (Array.isArray(p?.ids) && p.ids.some((x) => same(x, id))));
      if (!names) return false;
      return m.state.status === 'pending' || Date.now() - m.state.submittedAt < OWN_WRITE_MS;
    });
}
