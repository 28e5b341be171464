import type { EntityMeta, FieldMeta } from '../../../shared/entity-meta.js';

const JSON_TYPES: Record<FieldMeta['type'], string | null> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  datetime: 'string',
  date: 'string',
  time: 'string',
  json: null,
};

/**
 * Response schema of one record: drives fast-json-stringify and drops any column not declared (no stray leaks).
 * Every field may be null; json fields are serialized as they are.
 */
export function recordSchema(fields: FieldMeta[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const f of fields) {
    const t = JSON_TYPES[f.type];
    properties[f.name] = t ? { type: [t, 'null'] } : {};
  }
  return { type: 'object', properties };
}

/** The success envelope around `data`; `definitions` are what `data` refers to (`$ref: '#/definitions/<name>'`). */
export const envelopeSchema = (data: unknown, definitions?: Record<string, unknown>) => ({
  200: {
    type: 'object',
    ...(definitions ? { definitions } : {}),
    properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
  },
});

export const pageSchema = (record: unknown) => ({
  type: 'object',
  properties: {
    pageNum: { type: 'integer' },
    pageSize: { type: 'integer' },
    totalPage: { type: 'integer' },
    total: { type: 'integer' },
    totalExact: { type: 'boolean' },
    list: { type: 'array', items: record },
  },
});

export const arraySchema = (record: unknown) => ({ type: 'array', items: record });
/** Counts by value: `{ "0": 12, "1": 3 }`. */
export const countsSchema = { type: 'object', additionalProperties: { type: 'integer' } } as const;

export const countSchema = { type: 'integer' };
/** An answer without data (`ok(null)`). */
export const nullSchema = { type: 'null' };

/** An id in a path or query: a positive integer, coerced from the text clients send (refusals: errors.ts). */
export const idSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };

/**
 * An id as a path or query text: digits only. Coercing to an integer would let `0x10` or `1e1` through as 16 or 10;
 * handlers parse the checked text (parseId).
 */
export const idTextSchema = { type: 'string', pattern: '^[1-9][0-9]{0,15}$' };
/** A parent id in a path, where 0 is the top level. */
export const parentIdSchema = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
/** A query value as upstream clients send it: text (`ids=1,2`), or the parameter given several times. */
export const textSchema = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };

const objectOf = (properties: Record<string, unknown>, required?: string[]) => ({
  type: 'object',
  ...(required ? { required } : {}),
  properties,
});

/** `params` of a route: every path parameter, an id unless said otherwise. */
export const paramsSchema = (names: string[], schemas: Record<string, unknown> = {}) =>
  objectOf(Object.fromEntries(names.map((n) => [n, schemas[n] ?? idTextSchema])), names);

/** `querystring` of a route: the parameters it reads, text unless said otherwise; any other passes untouched. */
export const querySchema = (names: string[], schemas: Record<string, unknown> = {}) =>
  objectOf(Object.fromEntries(names.map((n) => [n, schemas[n] ?? textSchema])));

/** The query of a list: paging, sort, `ids`, keyword and every filter of the entity (a range as `<param>From/To`). */
export function listQuerySchema(meta: EntityMeta, extra: string[] = []): Record<string, unknown> {
  const filters = meta.filters.flatMap((f) => (f.op === 'range' ? [`${f.param}From`, `${f.param}To`] : [f.param]));
  return querySchema([
    'pageNum',
    'pageSize',
    'sort',
    'order',
    'ids',
    ...(meta.keyword ? ['keyword'] : []),
    ...filters,
    ...extra,
  ]);
}

/** A record with more properties (a composite answer: the record and its lists). */
export const withProperties = (record: Record<string, unknown>, more: Record<string, unknown>) => ({
  ...record,
  properties: { ...(record.properties as object), ...more },
});

/** The record, or null. */
export const nullable = (record: Record<string, unknown>) => ({ ...record, type: ['object', 'null'] });
