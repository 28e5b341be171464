import { validationFailed } from '../../core/envelope.js';
import { listOf, validateItem } from '../../core/crud.js';

export { listOf, validateItem };

/** Items of a comma list, trimmed; refused when one is empty or repeated (spec §5). */
export function distinctValues(path: string, text: string, message: string): string[] {
  const values = text.split(',').map((s) => s.trim());
  if (values.some((v) => !v) || new Set(values).size !== values.length) throw validationFailed({ [path]: message });
  return values;
}
