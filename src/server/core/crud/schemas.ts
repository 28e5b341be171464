import type { FieldMeta } from '../../../shared/entity-meta.js';

const JSON_TYPES: Record<FieldMeta['type'], string | null> = {
  string: 'string', integer: 'integer', number: 'number', boolean: 'boolean', datetime: 'string', date: 'string',
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

export const envelopeSchema = (data: unknown) => ({
  200: {
    type: 'object',
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
export const countSchema = { type: 'integer' };
