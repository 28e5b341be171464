import type { Kysely } from 'kysely';
import type { Database } from '../../../../generated/database.js';
import type { ChildListMeta, FieldMeta } from '../../../shared/entity-meta.js';
import type { AuthUser } from '../auth.js';
import type { Dialect, Row } from '../db.js';
import { dynamic, insertRows } from './dynamic.js';
import { MAX_LIST_ITEMS } from '../../../shared/constants.js';
import { Messages, atMostItems } from '../../../shared/messages.js';
import { fieldErrorsOf, validationFailed } from '../envelope.js';
import { asItem, listOf, validateItem } from './items.js';
import { toRecords, toRow } from './records.js';
import { followRefs, readRefsAhead } from './refs.js';
import { BatchReads } from './batch-reads.js';
import { parseId, parseIds } from '../params.js';
import { runtimeNamed, type EntityRuntime } from './runtime.js';
import { get } from '../lookup.js';
import { given } from './tenancy.js';
import { isFields } from '../narrow.js';

/**
 * Validated child lists of a write, by list key (a key absent: the stored list stays). An item of a `keep: "id"`
 * list that names a row carries its `id`; once saved, every item of it does.
 */
export type ChildLists = Map<string, Row[]>;

const childRt = (c: ChildListMeta) => runtimeNamed(c.resource);

/** The child entity's field naming its parent (`x-admin.parent`, which codegen requires of a child). */
function parentField(rt: EntityRuntime): FieldMeta {
  if (!rt.meta.parent) throw new Error(`${rt.meta.name} is a child list's entity without x-admin.parent`);
  return get(rt.field, rt.meta.parent, `${rt.meta.name} field`);
}
const parentColumn = (rt: EntityRuntime) => parentField(rt).column;

/** The body without its child lists (which the record's validator does not know), and the lists as sent. */
export function splitChildren(rt: EntityRuntime, body: unknown): { body: unknown; lists: Map<string, Row[]> } {
  const lists = new Map<string, Row[]>();
  if (!rt.meta.children || !isFields(body)) return { body, lists };
  const rest = { ...body };
  for (const c of rt.meta.children) {
    const list = c.ids ? idRows(c.ids, rest[c.key], c.key) : listOf(rest, c.key);
    delete rest[c.key];
    if (list) lists.set(c.key, list);
  }
  return { body: rest, lists };
}

/** An `ids` list as sent (`[5, 7]` or `"5,7"`) → one child row per distinct id. */
function idRows(field: string, raw: unknown, key: string): Row[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  return parseIds(raw, key, false).map((id) => ({ [field]: id }));
}

/** Field errors of an item of an `ids` list name the list itself, as the ids were sent (`productAttributeIdList`). */
async function asListOfIds<T>(key: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const errors = fieldErrorsOf(e);
    if (!errors) throw e;
    throw validationFailed({ [key]: Object.values(errors)[0] ?? Messages.doesNotExist });
  }
}

/**
 * Each item through its entity's `item` validator and reference checks (same shop as the parent); a list whose
 * `when` the parent's value does not meet is stored empty (a coupon for all products keeps no product list).
 */
export async function checkChildren(
  k: Kysely<Database>,
  rt: EntityRuntime,
  lists: Map<string, Row[]>,
  parent: Row,
  user: AuthUser | undefined,
  shop: number | null | undefined,
): Promise<ChildLists> {
  const out: ChildLists = new Map();
  for (const c of rt.meta.children ?? []) {
    const { when } = c;
    const off = when && when.field in parent && !when.values.some((v) => String(v) === String(parent[when.field]));
    if (off) {
      out.set(c.key, []);
      continue;
    }
    const list = lists.get(c.key);
    if (!list) continue;
    if (list.length > MAX_LIST_ITEMS) throw validationFailed({ [c.key]: Messages.listTooLong });
    if (c.maxItems !== undefined && list.length > c.maxItems)
      throw validationFailed({ [c.key]: atMostItems(c.maxItems) });
    const crt = childRt(c);
    // The records the items name, read in one query per referenced table rather than one per item.
    const reads = new BatchReads();
    if (list.length > 1) await readRefsAhead(k, crt, list.filter(isFields), reads);
    const items: Row[] = [];
    for (const [i, item] of list.entries()) {
      const path = `${c.key}[${i}]`;
      const id = c.keep && given(item.id) ? parseId(item.id, `${path}.id`) : undefined;
      const check = async () => {
        // A kept row is updated field by field (no defaults); a new one is validated whole, as an item of its parent.
        const data = validateItem(crt, item, id ? 'update' : 'item', path);
        // The parent and its shop are the ones of the write, never the item's.
        delete data[parentField(crt).name];
        if (crt.meta.tenant) delete data[crt.meta.tenant];
        await asItem(path, () => followRefs(k, crt, data, user, shop, reads));
        return data;
      };
      const data = c.ids ? await asListOfIds(c.key, check) : await check();
      items.push(id ? { ...data, id } : data);
    }
    out.set(c.key, items);
  }
  return out;
}

/** Replaces the parent's stored lists by those given (a `keep: "id"` list row by row); each row takes its shop. */
export async function saveChildren(
  k: Kysely<Database>,
  rt: EntityRuntime,
  parentId: number,
  shop: unknown,
  lists: ChildLists,
  dialect: Dialect,
): Promise<void> {
  for (const c of rt.meta.children ?? []) {
    const items = lists.get(c.key);
    if (!items) continue;
    const crt = childRt(c);
    const col = parentColumn(crt);
    const owned = (row: Row) => {
      if (crt.meta.tenant) row[get(crt.field, crt.meta.tenant, `${crt.meta.name} field`).column] = shop ?? null;
      return row;
    };
    if (c.keep) {
      await saveKept(k, crt, c.key, parentId, items, owned, dialect);
      continue;
    }
    await dynamic(k).deleteFrom(crt.table).where(col, '=', parentId).execute();
    const rows: Row[] = [];
    for (const item of items) rows.push(owned({ ...(await toRow(crt, item, dialect, 'create')), [col]: parentId }));
    await insertRows(k, crt.table, rows);
  }
}

/** A `keep: "id"` list: items with an id update that row (one of the parent's), the others are inserted, the rest go. */
async function saveKept(
  k: Kysely<Database>,
  crt: EntityRuntime,
  key: string,
  parentId: number,
  items: Row[],
  owned: (row: Row) => Row,
  dialect: Dialect,
): Promise<void> {
  const col = parentColumn(crt);
  const stored = new Set(
    (await dynamic(k).selectFrom(crt.table).select('id').where(col, '=', parentId).execute()).map((r) => Number(r.id)),
  );
  const kept = new Set<number>();
  items.forEach((it, i) => {
    const { id } = it;
    if (id === undefined) return;
    if (typeof id !== 'number') throw new Error(`${key}[${i}].id was not parsed`);
    if (!stored.has(id) || kept.has(id)) throw validationFailed({ [`${key}[${i}].id`]: Messages.doesNotExist });
    kept.add(id);
  });
  const gone = [...stored].filter((id) => !kept.has(id));
  if (gone.length) await dynamic(k).deleteFrom(crt.table).where('id', 'in', gone).execute();
  for (const it of items) {
    const { id, ...data } = it;
    if (id !== undefined) {
      const row = owned(await toRow(crt, data, dialect, 'update'));
      await dynamic(k).updateTable(crt.table).set(row).where('id', '=', id).execute();
    } else {
      const row = owned({ ...(await toRow(crt, data, dialect, 'create')), [col]: parentId });
      it.id = Number((await dynamic(k).insertInto(crt.table).values(row).returning('id').executeTakeFirstOrThrow()).id);
    }
  }
}

/** The record with its child lists (`GET <path>/{id}`); an `ids` list as the ids, in the order they were given. */
export async function withChildren(k: Kysely<Database>, rt: EntityRuntime, record: Row, dialect: Dialect) {
  for (const c of rt.meta.children ?? []) {
    const crt = childRt(c);
    const rows = await dynamic(k)
      .selectFrom(crt.table)
      .select(crt.selectList)
      .where(parentColumn(crt), '=', Number(record.id))
      .orderBy('id')
      .execute();
    const records = toRecords(crt, rows, dialect);
    const { ids } = c;
    record[c.key] = ids ? records.map((r) => r[ids]) : records;
  }
  return record;
}
