import type { Kysely } from 'kysely';
import type { Database } from '../../../../generated/database.js';
import type { EntityName } from '../../../../generated/entities.js';
import type { ChildListMeta } from '../../../shared/entity-meta.js';
import type { AuthUser } from '../auth.js';
import type { Dialect, Row } from '../db.js';
import { dynamic, insertRows } from './dynamic.js';
import { MAX_LIST_ITEMS } from '../../../shared/constants.js';
import { Messages } from '../../../shared/messages.js';
import { validationFailed } from '../envelope.js';
import { asItem, listOf, validateItem } from './items.js';
import { toRecords, toRow } from './records.js';
import { followRefs } from './refs.js';
import { runtime, type EntityRuntime } from './runtime.js';

/** Validated child lists of a write, by list key (a key absent: the stored list stays). */
export type ChildLists = Map<string, Row[]>;

const childRt = (c: ChildListMeta) => runtime(c.resource as EntityName);
const parentColumn = (rt: EntityRuntime) => rt.field.get(rt.meta.parent!)!.column;

/** The body without its child lists (which the record's validator does not know), and the lists as sent. */
export function splitChildren(rt: EntityRuntime, body: unknown): { body: unknown; lists: Map<string, Row[]> } {
  const lists = new Map<string, Row[]>();
  if (!rt.meta.children || !body || typeof body !== 'object' || Array.isArray(body)) return { body, lists };
  const rest = { ...(body as Row) };
  for (const c of rt.meta.children) {
    const list = listOf(rest, c.key);
    delete rest[c.key];
    if (list) lists.set(c.key, list);
  }
  return { body: rest, lists };
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
    const off =
      c.when && c.when.field in parent && !c.when.values.some((v) => String(v) === String(parent[c.when!.field]));
    if (off) {
      out.set(c.key, []);
      continue;
    }
    const list = lists.get(c.key);
    if (!list) continue;
    if (list.length > MAX_LIST_ITEMS) throw validationFailed({ [c.key]: Messages.listTooLong });
    const crt = childRt(c);
    const items: Row[] = [];
    for (const [i, item] of list.entries()) {
      const path = `${c.key}[${i}]`;
      const data = validateItem(crt, item, 'item', path);
      await asItem(path, () => followRefs(k, crt, data, user, shop));
      items.push(data);
    }
    out.set(c.key, items);
  }
  return out;
}

/** Replaces the parent's stored lists by those given. */
export async function saveChildren(
  k: Kysely<Database>,
  rt: EntityRuntime,
  parentId: number,
  lists: ChildLists,
  dialect: Dialect,
): Promise<void> {
  for (const c of rt.meta.children ?? []) {
    const items = lists.get(c.key);
    if (!items) continue;
    const crt = childRt(c);
    const col = parentColumn(crt);
    await dynamic(k).deleteFrom(crt.table).where(col, '=', parentId).execute();
    const rows: Row[] = [];
    for (const item of items) rows.push({ ...(await toRow(crt, item, dialect, 'create')), [col]: parentId });
    await insertRows(k, crt.table, rows);
  }
}

/** The record with its child lists (`GET <path>/{id}`). */
export async function withChildren(k: Kysely<Database>, rt: EntityRuntime, record: Row, dialect: Dialect) {
  for (const c of rt.meta.children ?? []) {
    const crt = childRt(c);
    const rows = await dynamic(k)
      .selectFrom(crt.table)
      .select(crt.selectList)
      .where(parentColumn(crt), '=', record.id as number)
      .orderBy('id')
      .execute();
    record[c.key] = toRecords(crt, rows as Row[], dialect);
  }
  return record;
}
