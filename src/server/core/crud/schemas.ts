import type { EntityMeta, FieldMeta } from '../../../shared/entity-meta.js';
import { MAX_LIST_ITEMS } from '../../../shared/constants.js';
import type { InputOf, Typed } from '../route-types.js';

/**
 * A list's query as the route's `listQuerySchema` coerced it at the edge (core/edge.ts): ids as numbers, keyword as
 * trimmed text, each filter as its field's type (a date-time a `Moment`, `in` a list), sort a sortable field, order
 * `asc`/`desc`, pages as numbers. What is absent was not given (or blank).
 */
export type ListQuery = Record<string, unknown> & {
  ids?: number[];
  sort?: string;
  order?: string;
  pageNum?: number;
  pageSize?: number;
};

/** The largest page a list answers. */
export const MAX_PAGE_SIZE = 1000;

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

/** An id in a path or query: a positive integer as written (`0x10`, `1e1`, ` 1` are not ids); the handler gets a number. */
export const idSchema: Typed<number> = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
/** Ids as upstream clients send them: `ids=1,2`, `ids=1&ids=2` or a JSON array; the handler gets distinct numbers. */
export const idsSchema: Typed<number[]> = {
  type: 'array',
  items: idSchema,
  maxItems: MAX_LIST_ITEMS,
  uniqueItems: true,
};
/** A parent id in a path, where 0 is the top level. */
export const parentIdSchema: Typed<number> = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
/**
 * A query value as upstream clients send it: text (`ids=1,2`), or the parameter given several times; passed as sent
 * (a JSON body's field may be any value), so the handler reads it.
 */
export const textSchema: Typed<unknown> = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };

/** The schemas given for some parameters by name. */
type Schemas = Record<string, unknown>;
/** A parameter as its schema in `S` types it, else as `fallback`'s. */
type ParamOf<S, K, Fallback> = K extends keyof S ? InputOf<S[K]> : Fallback;

const objectOf = (properties: Record<string, unknown>, required?: string[]) => ({
  type: 'object',
  ...(required?.length ? { required } : {}),
  properties,
});

/** `params` of a route: every path parameter, an id unless said otherwise. */
export const paramsSchema = <const N extends string, const S extends Schemas = Record<never, never>>(
  names: readonly N[],
  schemas?: S,
): Typed<{ [K in N]: ParamOf<S, K, number> }> =>
  objectOf(Object.fromEntries(names.map((n) => [n, (schemas as Schemas | undefined)?.[n] ?? idSchema])), [...names]);

/**
 * `querystring` of a route: the parameters it reads, text unless said otherwise (`ids` are ids); `required` ones must
 * be given. Any other parameter passes untouched.
 */
export const querySchema = <
  const N extends string,
  const S extends Schemas = Record<never, never>,
  const R extends N = never,
>(
  names: readonly N[],
  schemas?: S,
  required?: readonly R[],
): Typed<
  { [K in R]: ParamOf<S, K, K extends 'ids' ? number[] : unknown> } & {
    [K in Exclude<N, R>]?: ParamOf<S, K, K extends 'ids' ? number[] : unknown>;
  } & (string extends N ? { ids?: number[] } : unknown) // names TypeScript cannot know (a field's): `ids` still ids
> =>
  objectOf(
    Object.fromEntries(
      names.map((n) => [n, (schemas as Schemas | undefined)?.[n] ?? (n === 'ids' ? idsSchema : textSchema)]),
    ),
    required && [...required],
  );

/** A filter value as its field's type, as the list reads it (a date-time a `Moment`). */
export function valueSchema(field: FieldMeta): Record<string, unknown> {
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: field.type };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    default:
      return { type: 'string' };
  }
}

/** A page number or size: a positive integer, at most `max`. */
const pageParam = (max = Number.MAX_SAFE_INTEGER) => ({ type: 'integer', minimum: 1, maximum: max });

/**
 * The query of a list, from the entity's `x-admin` list settings: ids, keyword, every filter (a range as
 * `<param>From`/`<param>To`, a date-time range also as the day `<param>`, `in` as a list), sort, order and paging.
 */
export function listQuerySchema(
  meta: EntityMeta,
  extra: string[] = [],
  schemas: Record<string, unknown> = {},
): Typed<ListQuery> {
  const field = new Map(meta.fields.map((f) => [f.name, f]));
  const filters = meta.filters.flatMap((f): [string, unknown][] => {
    const fm = field.get(f.field);
    if (!fm) return [];
    const value = valueSchema(fm);
    const withDefault = f.default === undefined ? value : { ...value, default: f.default };
    if (f.op === 'in') return [[f.param, { type: 'array', items: value }]];
    if (f.op !== 'range') return [[f.param, f.op === 'like' ? { type: 'string' } : withDefault]];
    const day: [string, unknown][] = fm.type === 'datetime' ? [[f.param, { type: 'string', format: 'date' }]] : [];
    return [...day, [`${f.param}From`, value], [`${f.param}To`, value]];
  });
  return querySchema(
    [
      'ids',
      ...(meta.keyword ? [meta.keyword.param] : []),
      ...filters.map(([name]) => name),
      'sort',
      'order',
      'pageNum',
      'pageSize',
      ...extra,
    ],
    {
      ...(meta.keyword ? { [meta.keyword.param]: { type: 'string' } } : {}),
      ...Object.fromEntries(filters),
      sort: { type: 'string', enum: meta.sortable, errorMessage: 'cannot sort by ${0}' },
      order: { type: 'string', enum: ['asc', 'desc'], errorMessage: 'must be asc or desc' },
      pageNum: pageParam(),
      pageSize: pageParam(MAX_PAGE_SIZE),
      ...schemas,
    },
  );
}

/** A record with more properties (a composite answer: the record and its lists). */
export const withProperties = (record: Record<string, unknown>, more: Record<string, unknown>) => ({
  ...record,
  properties: { ...(record.properties as object), ...more },
});

/** The record, or null. */
export const nullable = (record: Record<string, unknown>) => ({ ...record, type: ['object', 'null'] });
