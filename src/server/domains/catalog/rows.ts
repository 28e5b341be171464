import { validationFailed } from '../../core/envelope.js';
import { listOf, validateItem } from '../../core/crud.js';
import { input, parseId, parseIds } from '../../core/params.js';
import type { FastifyRequest } from 'fastify';

export { listOf, validateItem };

/** Ids of a delete call: the `{id}` path parameter, else the `ids` list (query, form or JSON). */
export function idsOf(req: FastifyRequest): number[] {
  const id = (req.params as { id?: string | number }).id;
  return id !== undefined ? [parseId(id)] : parseIds(input(req).ids);
}

/** Items of a comma list, trimmed; refused when one is empty or repeated (spec §5). */
export function distinctValues(path: string, text: string, message: string): string[] {
  const values = text.split(',').map((s) => s.trim());
  if (values.some((v) => !v) || new Set(values).size !== values.length) throw validationFailed({ [path]: message });
  return values;
}
