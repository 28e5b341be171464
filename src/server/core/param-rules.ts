import { lengthBetween, Messages, REQUIRED } from '../../shared/messages.js';
import { ApiError, validationFailed } from './envelope.js';
import { DATE_RANGE, dayMoment, isRealDate, outOfRange, startsWithDate, type Moment } from './dates.js';
import { flatten, numberParam, parseId, single } from './params.js';
import { toIso } from './crud/records.js';
import { isRecord } from './narrow.js';

type Schema = Record<string, unknown>;
/** One parameter's rule: its value as the handler gets it, or a thrown validation envelope naming `name`. */
type Rule = (raw: unknown, name: string) => unknown;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';
const text = (raw: unknown) => String(single(raw)).trim();

/**
 * The rule a parameter schema states, or undefined when it states something else (the edge then refuses the route at start). Ids and pages are
 * integers with a minimum (`%20%201` or `0x10` is no id); other integers, numbers, booleans, dates and date-times
 * are read as a person writes them, with the words the list filters always used; lists come as `1,2`, repeated
 * parameters or arrays.
 */
function ruleOf(s: Schema): Rule | undefined {
  const keys = Object.keys(s).filter((k) => !['description', 'default', 'examples', 'title'].includes(k));
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
  if (s.anyOf && only('anyOf')) return (raw) => raw; // free text (`textSchema`): the handler reads it
  switch (s.type) {
    case 'integer':
      if (Array.isArray(s.enum) && only('type', 'enum', 'errorMessage')) return enumRule(s.enum, s.errorMessage);
      if (!only('type', 'minimum', 'maximum')) return undefined;
      if (s.minimum === undefined) return integerRule;
      if (s.minimum !== 0 && s.minimum !== 1) return undefined;
      return idRule(s.minimum, typeof s.maximum === 'number' ? s.maximum : undefined);
    case 'number':
      return only('type') ? (raw, name) => numberParam(single(raw), name) : undefined;
    case 'boolean':
      return only('type') ? booleanRule : undefined;
    case 'string':
      if (s.format === 'date' && only('type', 'format')) return dateRule;
      if (s.format === 'date-time' && only('type', 'format')) return dateTimeRule;
      if (Array.isArray(s.enum) && only('type', 'enum', 'errorMessage')) return enumRule(s.enum, s.errorMessage);
      if (!only('type', 'maxLength')) return undefined;
      if (s.maxLength === undefined) return (raw) => text(raw);
      return typeof s.maxLength === 'number' ? maxLengthRule(s.maxLength) : undefined;
    case 'array': {
      const item = isRecord(s.items) ? ruleOf(s.items) : undefined;
      const { maxItems } = s;
      if (!item || !only('type', 'items', 'maxItems', 'uniqueItems')) return undefined;
      if (maxItems !== undefined && typeof maxItems !== 'number') return undefined;
      return (raw, name) => {
        const parts = flatten(raw);
        if (maxItems !== undefined && parts.length > maxItems) throw validationFailed({ [name]: Messages.listTooLong });
        const values = parts.map((p) => item(p, name));
        return s.uniqueItems ? [...new Set(values)] : values;
      };
    }
  }
  return undefined;
}

const integerRule: Rule = (raw, name) => {
  const s = text(raw);
  if (!/^-?\d{1,15}$/.test(s)) throw validationFailed({ [name]: 'must be integer' });
  return Number(s);
};

/** `minimum` 0 admits `0` (the top level of a tree); a `maximum` below the safe range is a page's bound. */
const idRule =
  (minimum: number, maximum = Number.MAX_SAFE_INTEGER): Rule =>
  (raw, name) => {
    const v = single(raw);
    if (minimum === 0 && String(v) === '0') return 0;
    const n = parseId(typeof v === 'number' ? v : String(v ?? ''), name);
    if (n > maximum) throw validationFailed({ [name]: `must be at most ${maximum}` });
    return n;
  };

const booleanRule: Rule = (raw, name) => {
  const s = text(raw).toLowerCase();
  if (s === '1' || s === 'true') return true;
  if (s === '0' || s === 'false') return false;
  throw validationFailed({ [name]: 'must be boolean' });
};

/** Dates and date-times compare as dates on both databases only from FIRST_DAY to LAST_DAY (core/dates.ts). */
const dateRule: Rule = (raw, name) => {
  const s = text(raw);
  if (outOfRange(s)) throw validationFailed({ [name]: DATE_RANGE });
  if (!isRealDate(s)) throw validationFailed({ [name]: 'must be a date' });
  return s.slice(0, 10);
};

const dateTimeRule: Rule = (raw, name): Moment => {
  const s = text(raw);
  const iso = toIso(s);
  if (outOfRange(s, iso)) throw validationFailed({ [name]: DATE_RANGE });
  if (startsWithDate(s) ? !isRealDate(s) : iso === s && Number.isNaN(Date.parse(s)))
    throw validationFailed({ [name]: 'must be a date-time' });
  return DATE_ONLY.test(s) ? dayMoment(s) : { at: iso };
};

/** Text of at most `max` characters. */
const maxLengthRule =
  (max: number): Rule =>
  (raw, name) => {
    const s = text(raw);
    if ([...s].length > max) throw validationFailed({ [name]: lengthBetween(0, max) });
    return s;
  };

/** One of `values`, in any case (`order=DESC`); `message` may show the value as `${0}`. */
const enumRule =
  (values: unknown[], message: unknown): Rule =>
  (raw, name) => {
    const s = text(raw);
    const found = values.find((v) => String(v).toLowerCase() === s.toLowerCase());
    if (found !== undefined) return found;
    const words =
      typeof message === 'string' ? message.replace('${0}', s) : `must be one of ${values.map(String).join(', ')}`;
    throw validationFailed({ [name]: words });
  };

/**
 * A required parameter not given: a list `must not be empty`, free text `is required`; an id or a choice is refused
 * as its rule refuses a blank (`must be a positive integer`, `must be one of …`).
 */
function missing(name: string, schema: Schema, rule: Rule): never {
  if (schema.type !== 'array' && (schema.type !== 'string' || schema.enum)) rule('', name);
  throw validationFailed({ [name]: schema.type === 'array' ? 'must not be empty' : REQUIRED });
}

/**
 * The params or query of a route as its schema states them: each declared parameter coerced by its rule (a blank one
 * is absent), a missing required one refused (`ids`: `must not be empty`), any other parameter passed untouched.
 */
export function compileParameters(schema: Schema): ((data: unknown) => { value?: unknown; error?: Error }) | undefined {
  const rules = new Map<string, { rule: Rule; schema: Schema }>();
  for (const [name, s] of Object.entries(isRecord(schema.properties) ? schema.properties : {})) {
    if (!isRecord(s)) return undefined;
    const rule = ruleOf(s);
    if (!rule) return undefined;
    rules.set(name, { rule, schema: s });
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return (data) => {
    const value: Record<string, unknown> = { ...(isRecord(data) ? data : {}) };
    try {
      for (const [name, { rule, schema: s }] of rules) {
        const raw = value[name];
        const out = blank(raw) || (Array.isArray(raw) && !flatten(raw).length) ? undefined : rule(raw, name);
        const empty = out === undefined || (Array.isArray(out) && !out.length);
        if (empty && required.has(name)) missing(name, s, rule);
        if (empty) delete value[name];
        else value[name] = out;
      }
    } catch (e) {
      if (e instanceof ApiError) return { error: e };
      throw e;
    }
    return { value };
  };
}
