import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { MAX_LIST_ITEMS } from '../../../shared/constants.js';
import { validationFailed } from '../../core/envelope.js';
import { insertRows, runtime, toRow, updateRows, visibleText } from '../../core/crud.js';
import type { Dialect, Row } from '../../core/db.js';
import { isRecord } from '../../core/narrow.js';
import { parseId } from '../../core/params.js';
import { validateItem } from './rows.js';

/** A SKU of a composite or `/sku/update` body: validated fields plus the id it updates (none = a new SKU). */
export interface SkuInput {
  id?: number;
  data: Row;
  path: string;
}

/**
 * Validates SKU list items (generated skuStock validator) and their spec values: `spData` is upstream's JSON text
 * `[{"key":"Color","value":"Red"}]` (an array is accepted too); each key a spec attribute of the product's type,
 * at most once, each value non-empty. A product type with spec attributes needs spData on every SKU.
 */
export function checkSkus(list: unknown[], specNames: string[], field: string): SkuInput[] {
  const sku = runtime('skuStock');
  if (list.length > MAX_LIST_ITEMS) throw validationFailed({ [field]: Messages.listTooLong });
  return list.map((raw, i) => {
    // Objects, as the route's schema checked: anything else has none of the fields.
    const item = isRecord(raw) ? raw : {};
    const path = `${field}[${i}]`;
    const id = item.id === undefined || item.id === null || item.id === '' ? undefined : parseId(item.id, `${path}.id`);
    // An existing SKU is updated field by field (no defaults); a new one is validated whole, as an item of its product.
    const spData = normalizeSpData(item.spData, id === undefined ? specNames : [], specNames, `${path}.spData`);
    const data = validateItem(sku, { ...item, spData }, id === undefined ? 'item' : 'update', path);
    delete data.productId; // the product is the one in the path or body, never the item's
    delete data.shopId;
    if (spData === undefined) delete data.spData;
    return { id, data, path };
  });
}

/** Upstream's spec values as JSON text, checked against the spec attributes of the product's type (`required`: all). */
export function normalizeSpData(
  raw: unknown,
  required: string[],
  specNames: string[],
  path: string,
): string | undefined {
  const bad = () => validationFailed({ [path]: Messages.valuesEmptyOrRepeated });
  if (raw === undefined || raw === null || raw === '') {
    if (required.length) throw bad();
    return undefined;
  }
  let pairs: unknown;
  try {
    pairs = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw validationFailed({ [path]: 'must be a JSON list of {key, value}' });
  }
  if (!Array.isArray(pairs) || (specNames.length && !pairs.length)) throw bad();
  const keys = new Set<string>();
  const clean = pairs.map((p) => {
    const key = visibleText(isRecord(p) ? p.key : undefined);
    const value = visibleText(isRecord(p) ? p.value : undefined);
    if (!key || !value || keys.has(key)) throw bad();
    if (specNames.length && !specNames.includes(key))
      throw validationFailed({ [path]: `${key}: ${Messages.doesNotExist}` });
    keys.add(key);
    return { key, value };
  });
  return JSON.stringify(clean);
}

/** Two SKUs of one product may not have the same spec values (order of keys ignored). */
export function assertDistinctSpecs(spDatas: (string | null | undefined)[], field = 'skuStockList'): void {
  const seen = new Set<string>();
  for (const text of spDatas) {
    if (!text) continue;
    const sig = (JSON.parse(text) as { key: string; value: string }[])
      .map((p) => `${p.key}\u0000${p.value}`)
      .sort()
      .join('\u0001');
    if (seen.has(sig)) throw validationFailed({ [field]: Messages.valuesEmptyOrRepeated });
    seen.add(sig);
  }
}

/** yyyyMMdd (UTC) of a date, the head of generated SKU codes. */
export const dayStamp = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/** Upstream's generated SKU code: yyyyMMdd + product id (4 digits) + position (3 digits). */
export function skuCode(productId: number, index: number, day = dayStamp(new Date())): string {
  return `${day}${String(productId).padStart(4, '0')}${String(index + 1).padStart(3, '0')}`;
}

/**
 * `/sku/update`'s write, inside a transaction: items with an id update that SKU (it must be the product's), the others
 * are inserted (code generated when empty); stored SKUs not in the list stay. Every SKU gets the product's shop.
 */
export async function saveSkus(
  trx: Kysely<Database>,
  dialect: Dialect,
  productId: number,
  shopId: unknown,
  items: SkuInput[],
  field: string,
): Promise<void> {
  const rt = runtime('skuStock');
  const stored = await trx
    .selectFrom(tables.skuStock)
    .select(['id', 'sp_data'])
    .where('product_id', '=', productId)
    .execute();
  const storedIds = new Set(stored.map((r) => Number(r.id)));
  const kept = new Set<number>();
  for (const it of items) {
    if (it.id === undefined) continue;
    if (!storedIds.has(it.id) || kept.has(it.id)) throw validationFailed({ [`${it.path}.id`]: Messages.doesNotExist });
    kept.add(it.id);
  }
  // The spec values as they will be once written: stored ones not replaced, plus every item's.
  const spec = new Map(stored.map((r) => [Number(r.id), r.sp_data]));
  items.forEach((it, i) =>
    spec.set(
      it.id ?? -1 - i,
      (typeof it.data.spData === 'string' ? it.data.spData : undefined) ?? (it.id ? spec.get(it.id) : null) ?? null,
    ),
  );
  assertDistinctSpecs([...spec.values()], field);

  const shop = shopId ?? null;
  const inserts: Row[] = [];
  for (const [i, it] of items.entries()) {
    const row = await toRow(rt, { ...it.data, productId }, dialect, 'create');
    row.shop_id = shop;
    if (it.id !== undefined) {
      delete row.product_id;
      await updateRows(trx, rt.table, [it.id], row);
    } else {
      if (!row.sku_code) row.sku_code = skuCode(productId, i);
      inserts.push(row);
    }
  }
  await insertRows(trx, rt.table, inserts);
}
