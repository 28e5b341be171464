import { validationFailed } from '../../core/envelope.js';
import { listOf, runtime, validateItem } from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import { input, parseId, parseIds } from '../../core/params.js';
import type { FastifyRequest } from 'fastify';
import type { ChildEntity } from './child-lists.js';

export { listOf, validateItem };

/** Ids of a delete call: the `{id}` path parameter, else the `ids` list (query, form or JSON). */
export function idsOf(req: FastifyRequest): number[] {
  const id = (req.params as { id?: string | number }).id;
  return id !== undefined ? [parseId(id)] : parseIds(input(req).ids);
}

/**
 * Rows of a product's child list (member prices, tiers, attribute values), each item through its entity's generated
 * `item` validator. A field left empty (null or "") is no value: the column's default applies.
 */
export function childRows(entity: ChildEntity, field: string, list: Row[]): Row[] {
  const rt = runtime(entity);
  return list.map((item, i) => {
    const given = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null && v !== ''));
    return validateItem(rt, given, 'item', `${field}[${i}]`);
  });
}

/** Items of a comma list, trimmed; refused when one is empty or repeated (spec §5). */
export function distinctValues(path: string, text: string, message: string): string[] {
  const values = text.split(',').map((s) => s.trim());
  if (values.some((v) => !v) || new Set(values).size !== values.length) throw validationFailed({ [path]: message });
  return values;
}
