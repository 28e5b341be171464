import { fieldErrorsOf, validationFailed } from '../envelope.js';
import { isFields } from '../narrow.js';
import type { Row } from '../db.js';
import type { EntityRuntime } from './runtime.js';
import { validateBody, type ValidateMode } from './validate.js';

/** A list field of a composite body: undefined when absent (keep what is stored), else an array of objects. */
export function listOf(body: Row, field: string): Row[] | undefined {
  const raw = body[field];
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) throw validationFailed({ [field]: 'must be an array' });
  return raw.map((item: unknown, i) => {
    if (!isFields(item)) throw validationFailed({ [`${field}[${i}]`]: 'must be an object' });
    return item;
  });
}

/** Runs `fn`, naming the list item in its validation errors (`skuStockList[2].price`). */
export async function asItem<T>(path: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw renamed(e, path);
  }
}

/** `asItem` for a check that does not wait. */
export function asItemSync<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw renamed(e, path);
  }
}

function renamed(e: unknown, path: string): unknown {
  const errors = fieldErrorsOf(e);
  if (!errors) return e;
  return validationFailed(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${path}.${k}`, v])));
}

/** Runs an entity's generated validator on one list item, naming the item in the error (`skuStockList[2].price`). */
export function validateItem(rt: EntityRuntime, item: Row, mode: ValidateMode, path: string): Row {
  try {
    return validateBody(rt, item, mode);
  } catch (e) {
    throw renamed(e, path);
  }
}
