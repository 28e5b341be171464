import type { FastifyInstance } from 'fastify';
import { MAX_BODY_DEPTH } from '../../shared/constants.js';
import { validationFailed } from './envelope.js';
import { isBinary } from './body.js';
import { isRecord } from './narrow.js';

const NUL = '\u0000';
const HAS_NUL = 'must not contain NUL characters';

export interface Problem {
  /** The parameter, as a dotted path ('' for the whole value). */
  at: string;
  message: string;
}

/** A problem found `keys` deep (innermost key first: the path is joined once, when there is a problem). */
interface Found {
  keys: string[];
  message: string;
  /** Named by its top-level parameter only. */
  top?: boolean;
}

/**
 * The first problem in a value, in time proportional to its size: a text or a file's bytes is one value, searched once
 * for a NUL (never walked byte by byte); a list is read item by item, an object field by field, each once.
 */
function problemIn(value: unknown, depth: number): Found | null {
  if (typeof value === 'string') return value.includes(NUL) ? { keys: [], message: HAS_NUL } : null;
  if (!isRecord(value)) return null;
  if (isBinary(value)) {
    const bytes = ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
      : new Uint8Array(value);
    return bytes.indexOf(0) >= 0 ? { keys: [], message: HAS_NUL } : null;
  }
  // Deep nesting is refused rather than walked: code that reads such a value (String() of an array, a JSON copy)
  // recurses once per level and runs out of stack.
  if (depth >= MAX_BODY_DEPTH)
    return { keys: [], message: `must not nest more than ${MAX_BODY_DEPTH} levels deep`, top: true };
  if (Array.isArray(value)) {
    for (let i = 0, n = value.length; i < n; i++) {
      const found = problemIn(value[i], depth + 1);
      if (found) return (found.keys.push(String(i)), found);
    }
    return null;
  }
  for (const k of Object.keys(value)) {
    const found = problemIn(value[k], depth + 1);
    if (found) return (found.keys.push(k), found);
  }
  return null;
}

/**
 * The first parameter (a dotted path) whose text holds a NUL, or whose arrays and objects nest deeper than any form
 * does (named by its top-level parameter: the full path would be as long as the nesting).
 */
export function inputProblem(value: unknown): Problem | null {
  const found = problemIn(value, 0);
  if (!found) return null;
  const keys = found.keys.reverse();
  return { at: found.top ? (keys[0] ?? '') : keys.join('.'), message: found.message };
}

/**
 * Refuses any API call with a NUL character in its query or body (`keyword=%00` would otherwise search for nothing
 * and match everything; a NUL also cuts text short in logs and C libraries), or nested past MAX_BODY_DEPTH, before a
 * handler reads it.
 */
export function refuseNul(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    const found = inputProblem(request.query) ?? inputProblem(request.body) ?? inputProblem(request.params);
    if (found) throw validationFailed({ [found.at || 'body']: found.message });
  });
}
