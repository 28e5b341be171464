import type { ErrorObject } from 'ajv';
import { lengthAtLeast, lengthBetween, REQUIRED } from '../../../shared/messages.js';
import { validators } from '../../../../generated/validators.js';
import { NUMBER_SCALE } from '../../../shared/constants.js';
import { validationFailed } from '../envelope.js';
import { isFields } from '../narrow.js';
import { DATE_RANGE, isRealDate, outOfRange, startsWithDate } from '../dates.js';
import { finiteNumber, NOT_A_NUMBER } from '../params.js';
import type { Row } from '../db.js';
import type { EntityRuntime } from './runtime.js';
import { toIso, wallTime, type WriteMode } from './records.js';

/** A generated validator: create, update, or a list item of the entity's parent (`item`: create rules without the parent field). */
export type ValidateMode = WriteMode | 'item';

/**
 * Runs the generated validator on a copy of `body` (it coerces and strips) and returns the cleaned data, or throws
 * the 404 `Validation Failed: <field>: <msg>` envelope.
 */
export function validateBody(rt: EntityRuntime, body: unknown, mode: ValidateMode): Row {
  if (!isFields(body)) throw validationFailed({ body: 'must be an object' });
  const validate = validators[rt.meta.name]?.[mode];
  const data = numbersAsWritten(rt, withDefaults(rt, emptyAsNoValue(rt, cleanText(rt, { ...body }), mode), mode));
  checkDateRange(rt, data);
  if (validate && !validate(data)) throw validationFailed(errorMap(rt, validate.errors ?? []));
  checkIntegers(rt, data);
  checkDates(rt, data);
  return normalized(rt, data);
}

/**
 * Characters drawn empty though they are letters or symbols: the Hangul and Khitan fillers, the blank Braille
 * pattern, and every default-ignorable code point (zero-width characters, bidi marks, the combining grapheme joiner,
 * variation selectors, tags…).
 */
const FILLERS = String.raw`\u115F|\u1160|\u3164|\uFFA0|\u{16FE4}|\u2800|\p{Default_Ignorable_Code_Point}`;
/**
 * A character that shows on its own: a letter, number, punctuation or symbol, not a filler. Marks (combining
 * accents), format and control characters, private-use and unassigned code points, white space and separators draw
 * nothing by themselves.
 */
const SHOWS = new RegExp(`(?!${FILLERS})[\\p{L}\\p{N}\\p{P}\\p{S}]`, 'u');
/** Whether a text has at least one character a reader sees: the one rule for every required text. */
export const hasVisibleText = (v: string) => SHOWS.test(v);

/**
 * Blank at either end: white space and invisible characters, but not variation selectors (default-ignorable too),
 * which end an emoji such as ❤️.
 */
const EDGE = String.raw`[\p{White_Space}\p{Cf}\u034F\u115F\u1160\u2800\u3164\uFFA0]`;
const EDGES = new RegExp(`^${EDGE}+|${EDGE}+$`, 'gu');
/**
 * A text parameter a domain route requires (a close note, a SKU's spec value), tidied as text fields are, or '' when
 * it shows nothing: the same rule as the required text fields of a schema.
 */
export function visibleText(raw: unknown): string {
  const v = raw === undefined || raw === null ? '' : String(raw);
  return hasVisibleText(v) ? tidyText(v) : '';
}

/** Control characters but tab and line breaks (a NUL cuts text short in C libraries and logs). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Text as typed into a one-line input means it: NFC, without spaces or invisible characters at either end. */
export const tidyText = (v: string) => v.normalize('NFC').replace(EDGES, '');

/**
 * Text as a person meant it: NFC-normalized, trimmed of spaces and invisible characters, a text of nothing visible
 * empty (so a required one is refused), control characters refused. Passwords are kept exactly as typed.
 */
function cleanText(rt: EntityRuntime, data: Row): Row {
  const errors: Record<string, string> = {};
  for (const f of rt.meta.fields) {
    const v = data[f.name];
    if (typeof v !== 'string' || f.type !== 'string') continue;
    if (CONTROL.test(v)) errors[f.name] = 'must not contain control characters';
    else if (f.input !== 'password' && !f.secret) {
      data[f.name] = hasVisibleText(v) ? tidyText(v) : '';
      if (f.required && data[f.name] === '' && v !== '') errors[f.name] = REQUIRED;
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return data;
}

/** Integers stay integers: past 2^53 JSON numbers lose digits (2^53 + 1 arrives as 2^53) and 1e20 would be stored as a decimal. */
function checkIntegers(rt: EntityRuntime, data: Row): void {
  for (const f of rt.meta.fields) {
    const v = data[f.name];
    if (f.type === 'integer' && typeof v === 'number' && !Number.isSafeInteger(v))
      throw validationFailed({ [f.name]: 'must be a whole number between -9007199254740991 and 9007199254740991' });
  }
}

/**
 * Numbers as a person writes them, before the generated validator coerces: its coercion is JavaScript's, which reads
 * `0x10` as 16, `Infinity` and `1e400` as infinite, " " as 0, and `true` as 1. A number's text (`"12"`, as forms send
 * it) is a number; other types (lists, objects) are left to the validator.
 */
function numbersAsWritten(rt: EntityRuntime, data: Row): Row {
  const errors: Record<string, string> = {};
  for (const f of rt.meta.fields) {
    const v = data[f.name];
    if (f.type !== 'number' && f.type !== 'integer') continue;
    if (typeof v === 'boolean') errors[f.name] = NOT_A_NUMBER;
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const n = finiteNumber(v);
    if (n === undefined) errors[f.name] = NOT_A_NUMBER;
    else data[f.name] = n;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return data;
}

/**
 * Dates within the days both databases compare as dates (core/dates.ts), before the validator's format check, whose
 * words for `10000-01-01` would not say why.
 */
function checkDateRange(rt: EntityRuntime, data: Row): void {
  const errors: Record<string, string> = {};
  for (const f of rt.meta.fields) {
    const v = data[f.name];
    if ((f.type !== 'date' && f.type !== 'datetime') || typeof v !== 'string') continue;
    if (outOfRange(v, f.type === 'date' ? v.slice(0, 10) : toIso(v))) errors[f.name] = DATE_RANGE;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** Dates that are days of the calendar: the format only checks the digits' shape (2024-02-30 passes it). */
function checkDates(rt: EntityRuntime, data: Row): void {
  const errors: Record<string, string> = {};
  for (const f of rt.meta.fields) {
    const v = data[f.name];
    if ((f.type === 'date' || f.type === 'datetime') && typeof v === 'string' && !isRealDate(v))
      errors[f.name] = f.type === 'date' ? 'must be a date' : 'must be a date-time';
    else if (f.type === 'time' && typeof v === 'string' && startsWithDate(v) && !isRealDate(v))
      errors[f.name] = 'must be a time';
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** A number rounded half away from zero to the column's scale, as PostgreSQL's NUMERIC stores it. */
export function toScale(n: number): number {
  const rounded = Math.round(Number(`${Math.abs(n)}e${NUMBER_SCALE}`));
  const v = Number.isFinite(rounded) ? rounded / 10 ** NUMBER_SCALE : Number(Math.abs(n).toFixed(NUMBER_SCALE));
  return n < 0 && v !== 0 ? -v : v;
}

/**
 * Dates as `YYYY-MM-DD` and times of day as `HH:mm:ss`, as written (compared and stored so); numbers at their
 * column's scale, so SQLite stores what PostgreSQL's NUMERIC does.
 */
function normalized(rt: EntityRuntime, data: Row): Row {
  for (const f of rt.meta.fields) {
    const v = data[f.name];
    if ((f.type === 'date' || f.type === 'time') && typeof v === 'string')
      data[f.name] = f.type === 'date' ? v.slice(0, 10) : wallTime(v);
    else if (f.type === 'number' && typeof v === 'number') data[f.name] = toScale(v);
  }
  return data;
}

/**
 * Upstream's forms send "" for an optional input left empty (the product form's promotion start and end when no
 * promotion is chosen): no value rather than a bad one — left out on create (the default applies), cleared (null)
 * on update. A required field still refuses "".
 */
function emptyAsNoValue(rt: EntityRuntime, data: Row, mode: ValidateMode): Row {
  for (const f of rt.meta.fields) {
    if (f.required || data[f.name] !== '') continue;
    if (mode !== 'update') delete data[f.name];
    else data[f.name] = null;
  }
  return data;
}

/**
 * A required field with a `default` that a create leaves out takes the default (schemas/README.md): required means it
 * is never stored empty, not that every client must send it. Filled before the validator, which checks it as sent.
 */
function withDefaults(rt: EntityRuntime, data: Row, mode: ValidateMode): Row {
  if (mode === 'update') return data;
  for (const f of rt.meta.fields)
    if (f.required && f.default !== undefined && !f.readOnly && data[f.name] === undefined) data[f.name] = f.default;
  return data;
}

export function errorMap(rt: EntityRuntime, errors: ErrorObject[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const field =
      e.keyword === 'required'
        ? String(e.params.missingProperty)
        : e.instancePath.replace(/^\//, '').split('/')[0] || 'body';
    if (!(field in out)) out[field] = errorMessage(rt, field, e);
  }
  return out;
}

function errorMessage(rt: EntityRuntime, field: string, e: ErrorObject): string {
  const meta = rt.field.get(field);
  switch (e.keyword) {
    case 'minLength':
    case 'maxLength': {
      const min = meta?.minLength ?? 0;
      const max = meta?.maxLength;
      return max === undefined ? lengthAtLeast(min) : lengthBetween(min, max);
    }
    case 'required':
      return REQUIRED;
    case 'pattern':
      return 'has an invalid format';
    case 'enum': {
      const allowed: unknown = e.params.allowedValues;
      return `must be one of ${(Array.isArray(allowed) ? allowed : []).filter((v) => v !== null).join(', ')}`;
    }
    default:
      return e.message ?? 'is invalid';
  }
}

/** Data the route edge validated (core/edge.ts), and the body it was validated from. */
const validatedFrom = new WeakMap<object, unknown>();

/** Marks `data` as the edge's validation of `sent`: the write pipeline then takes it as it is (validation runs once). */
export function markValidated<T extends object>(data: T, sent: unknown): T {
  validatedFrom.set(data, sent);
  return data;
}

/** The body `data` was validated from at the edge, or undefined when `data` is not the edge's output. */
export const sentBodyOf = (data: unknown): unknown =>
  data && typeof data === 'object' ? validatedFrom.get(data) : undefined;

/** Whether `data` is the edge's validated output (an entity body, or a list of them). */
export const isValidated = (data: unknown): data is Row =>
  Boolean(data && typeof data === 'object' && validatedFrom.has(data));
