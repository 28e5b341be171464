import type { EntityName } from '../../../../generated/entities.js';
import type { FieldMeta } from '../../../shared/entity-meta.js';
import { ApiError, validationFailed } from '../../core/envelope.js';
import { runtime, validateBody, type EntityRuntime } from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import { input, parseId, parseIds } from '../../core/params.js';
import type { FastifyRequest } from 'fastify';

/** Ids of a delete call: the `{id}` path parameter, else the `ids` list (query, form or JSON). */
export function idsOf(req: FastifyRequest): number[] {
  const id = (req.params as { id?: string }).id;
  return id !== undefined ? [parseId(id)] : parseIds(input(req).ids);
}

/** A list field of a composite body: undefined when absent (keep what is stored), else an array of objects. */
export function listOf(body: Row, field: string): Row[] | undefined {
  const raw = body[field];
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) throw validationFailed({ [field]: 'must be an array' });
  raw.forEach((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw validationFailed({ [`${field}[${i}]`]: 'must be an object' });
  });
  return raw as Row[];
}

/** Runs an entity's generated validator on one list item, naming the item in the error (`skuStockList[2].price`). */
export function validateItem(rt: EntityRuntime, item: Row, mode: 'create' | 'update', path: string): Row {
  try {
    return validateBody(rt, item, mode);
  } catch (e) {
    const errors = (e instanceof ApiError && (e.data as { errors?: Record<string, string> })?.errors) || null;
    if (!errors) throw e;
    throw validationFailed(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${path}.${k}`, v])));
  }
}

/**
 * Rows of an internal child entity (member prices, tiers, attribute values: no generated validator): only its
 * writable fields, each checked against its FieldMeta (type, bounds, length); numeric strings are coerced.
 */
export function childRows(entity: EntityName, field: string, list: Row[]): Row[] {
  const rt = runtime(entity);
  const writable = rt.meta.fields.filter((f) => !f.readOnly && f.name !== 'id' && f.name !== 'productId');
  return list.map((item, i) => {
    const out: Row = {};
    for (const f of writable) {
      const v = item[f.name];
      if (v === undefined || v === null || v === '') continue;
      out[f.name] = checked(f, v, `${field}[${i}].${f.name}`);
    }
    return out;
  });
}

function checked(f: FieldMeta, v: unknown, path: string): unknown {
  if (f.type === 'integer' || f.type === 'number') {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isFinite(n) || (f.type === 'integer' && !Number.isInteger(n))) {
      throw validationFailed({ [path]: `must be ${f.type}` });
    }
    if (f.minimum !== undefined && n < f.minimum) throw validationFailed({ [path]: `must be >= ${f.minimum}` });
    if (f.maximum !== undefined && n > f.maximum) throw validationFailed({ [path]: `must be <= ${f.maximum}` });
    return n;
  }
  const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
  if (s === null) throw validationFailed({ [path]: 'must be string' });
  if (f.maxLength !== undefined && s.length > f.maxLength) throw validationFailed({ [path]: `must be at most ${f.maxLength} characters` });
  return s;
}

/** Items of a comma list, trimmed; refused when one is empty or repeated (spec §5). */
export function distinctValues(path: string, text: string, message: string): string[] {
  const values = text.split(',').map((s) => s.trim());
  if (values.some((v) => !v) || new Set(values).size !== values.length) throw validationFailed({ [path]: message });
  return values;
}
