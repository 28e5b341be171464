import type { FastifyRequest } from 'fastify';
import { validationFailed } from './envelope.js';
import { bodyFields } from './body.js';
import { isRecord } from './narrow.js';
import { MAX_LIST_ITEMS } from '../../shared/constants.js';
import { Messages } from '../../shared/messages.js';

export type Input = Record<string, unknown>;

/**
 * Query string and body merged (body wins): upstream sends the same parameters as query params, form fields or JSON
 * depending on the call, so every handler reads them from here.
 */
export function input(request: FastifyRequest): Input {
  const query = isRecord(request.query) ? request.query : {};
  const fields = bodyFields(request.body);
  return fields ? { ...query, ...fields } : { ...query };
}

/** A number as a person writes it: decimal digits, a fraction, an exponent; not `0x10`, `Infinity`, `NaN` or blanks. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** How a value that is not a finite decimal number is refused. */
export const NOT_A_NUMBER = 'must be a number';

/**
 * A finite number from a JSON number or its decimal text, else undefined (`1e400` is Infinity: refused too). What
 * JavaScript's Number() would also take (hexadecimal, `Infinity`, " " as 0) is not a number here.
 */
export function finiteNumber(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A number parameter, or the validation envelope naming it. */
export function numberParam(raw: unknown, field: string): number {
  const n = finiteNumber(typeof raw === 'string' ? raw.trim() : raw);
  if (n === undefined) throw validationFailed({ [field]: NOT_A_NUMBER });
  return n;
}

const POSITIVE_INT = /^[1-9]\d{0,15}$/;
/** How a bad id is refused. */
const NOT_AN_ID = 'must be a positive integer';

/** A path or body id: a positive integer as written (`%20%201` is not 1), else a 404 validation envelope. */
export function parseId(raw: unknown, field = 'id'): number {
  const s = String(raw ?? '');
  const n = Number(s);
  if (!POSITIVE_INT.test(s) || !Number.isSafeInteger(n)) throw validationFailed({ [field]: NOT_AN_ID });
  return n;
}

/** `ids=1,2,3`, repeated `ids=1&ids=2`, a JSON array or a single number; empty → [] unless required. */
export function parseIds(raw: unknown, field = 'ids', required = true): number[] {
  const parts = flatten(raw);
  if (!parts.length) {
    if (required) throw validationFailed({ [field]: 'must not be empty' });
    return [];
  }
  if (parts.length > MAX_LIST_ITEMS) throw validationFailed({ [field]: Messages.listTooLong });
  return [...new Set(parts.map((p) => parseId(p, field)))];
}

/** Comma lists, arrays and arrays of comma lists → trimmed non-empty strings. */
export function flatten(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** First value when a parameter is repeated. */
export function single(raw: unknown): unknown {
  return Array.isArray(raw) ? raw[0] : raw;
}
