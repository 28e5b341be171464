import type { FastifyInstance } from 'fastify';
import { MAX_BODY_DEPTH } from '../../shared/constants.js';
import { validationFailed } from './envelope.js';

const NUL = '\u0000';

interface Problem {
  /** The parameter, as a dotted path. */
  at: string;
  message: string;
}

/**
 * The first parameter (a dotted path) whose text holds a NUL, or whose arrays and objects nest deeper than any form
 * does. Deep nesting is refused rather than walked: code that reads such a value
 * (String() of an array, a JSON copy) recurses once per level and runs out of stack.
 */
function problemAt(value: unknown, path: string, depth = 0): Problem | null {
  if (typeof value === 'string')
    return value.includes(NUL) ? { at: path, message: 'must not contain NUL characters' } : null;
  if (!value || typeof value !== 'object') return null;
  // Named by its top-level parameter: the full path would be as long as the nesting.
  if (depth >= MAX_BODY_DEPTH)
    return { at: path.split('.')[0], message: `must not nest more than ${MAX_BODY_DEPTH} levels deep` };
  for (const [k, v] of Object.entries(value)) {
    const found = problemAt(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses any API call with a NUL character in its query or body (`keyword=%00` would otherwise search for nothing
 * and match everything; a NUL also cuts text short in logs and C libraries), or nested past MAX_BODY_DEPTH, before a
 * handler reads it.
 */
export function refuseNul(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    const found = problemAt(request.query, '') ?? problemAt(request.body, '') ?? problemAt(request.params, '');
    if (found) throw validationFailed({ [found.at || 'body']: found.message });
  });
}
