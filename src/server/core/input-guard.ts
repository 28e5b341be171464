import type { FastifyInstance } from 'fastify';
import { validationFailed } from './envelope.js';

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** The first parameter (a dotted path) whose text holds a NUL, looking into objects and arrays. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nulAt(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses any API call with a NUL character in its query or body (`keyword=%00` would otherwise search for nothing
 * and match everything; a NUL also cuts text short in logs and C libraries), before a handler reads it.
 */
export function refuseNul(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    const where = nulAt(request.query, '') ?? nulAt(request.body, '') ?? nulAt(request.params, '');
    if (where) throw validationFailed({ [where || 'body']: 'must not contain NUL characters' });
  });
}
