import { Messages, REQUIRED } from '../../../shared/messages.js';
import type { Kysely, Transaction } from 'kysely';
import { tables as schemaTables, type Database, type TableName } from '../../../../generated/database.js';
import type { AuthUser } from '../auth.js';
import { notFound, refused, validationFailed } from '../envelope.js';
import { lockNamed, retryConflicts, type Db, type Dialect, type Row } from '../db.js';
import { isUnchangedSecret, toDbValue, toRecord, toRow, type WriteMode, type WriteOrigin } from './records.js';
import { checkChildren, saveChildren, splitChildren, type ChildLists } from './children.js';
import { asItem } from './items.js';
import {
  checkOrder,
  checkRequiredWhen,
  checkUnique,
  checkUniqueAmong,
  followRefs,
  shopColumn,
  shopFrom,
} from './refs.js';
import { runtime } from './runtime.js';
import { states } from '../../../../generated/states.js';
import { allows, type StateMachine, type StateTransition } from '../../../shared/entity-meta.js';
import { entities, type EntityName } from '../../../../generated/entities.js';
import type { EntityRuntime } from './runtime.js';
import { dynamic } from './dynamic.js';
import { given, stampTenant, tenantScope } from './tenancy.js';
import { isValidated, sentBodyOf, validateBody } from './validate.js';
import { updateVersioned, withChildVersion } from './versions.js';
import { newItem, rulesOf, stamp, type WriteContext, type WriteItem, type WriteOp } from './hooks.js';

const auditTable: TableName = schemaTables.auditLog;

/**
 * One transaction; the invariants of `tables` are checked before it commits, and their caches dropped again once it
 * has committed or rolled back. Run again when PostgreSQL aborts it for a conflict (deadlock, serialization).
 */
export async function writeTx<T>(
  db: Db,
  tables: TableName[],
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const rules = rulesOf(db).invariantsOf(tables);
  // The transaction's own reads through `db.all` see its writes; others' read the last commit (core/db.ts).
  const owning = db.owning ?? (<R>(run: () => Promise<R>) => run());
  try {
    return await retryConflicts(() =>
      db.kysely.transaction().execute((trx) =>
        owning(async () => {
          const out = await fn(trx);
          for (const rule of rules) {
            // Checked one writer at a time, so two writes cannot each pass on the rows the other is changing.
            await lockNamed(db.dialect, trx, `invariant ${rule.name}`);
            await rule(trx);
          }
          return out;
        }),
      ),
    );
  } finally {
    [...tables, auditTable].forEach((t) => db.hooks.emit(t));
  }
}

/** Kysely read of one record inside a transaction (sees its own writes). */
export async function readRecord(
  trx: Kysely<Database>,
  db: Db,
  rt: EntityRuntime,
  id: number,
): Promise<Row | undefined> {
  const row = await dynamic(trx).selectFrom(rt.table).select(rt.selectList).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(rt, row as Row, db.dialect) : undefined;
}

function scopedIds<QB extends { where: (...a: any[]) => QB }>(
  qb: QB,
  rt: EntityRuntime,
  ids: number[],
  user?: AuthUser,
): QB {
  let out = qb.where('id', 'in', ids);
  const scope = tenantScope(rt, user);
  if (scope) out = out.where(scope.column, 'in', scope.ids);
  return out;
}

/** A seller without any shop can touch no tenant row. */
const denied = (rt: EntityRuntime, user?: AuthUser) => tenantScope(rt, user)?.ids.length === 0;

/** A create, checked and ready to insert: the row, the child lists to save with it, the pipeline's item. */
export interface NewRecord {
  row: Row;
  children: ChildLists;
  item: WriteItem;
}

/** The record's shop, which its child rows take. */
const shopOf = (rt: EntityRuntime, record: Row) => (rt.meta.tenant ? record[rt.meta.tenant] : undefined);

/** The context of one write of `rt` (what its hooks are given). */
export const writeContext = (
  db: Db,
  rt: EntityRuntime,
  op: WriteOp,
  user?: AuthUser,
  field?: string,
): WriteContext => ({
  db,
  rt,
  op,
  user,
  items: [],
  field,
});

/** A write made by one of the entity's declared actions, and that action's parameters (see WriteContext). */
export interface ActionOptions {
  action?: string;
  params?: Row;
}

/** How a create is made: where it comes from (`auto: "ip"`, `"device"`), or which declared action makes it. */
export interface CreateOptions extends ActionOptions {
  origin?: WriteOrigin;
}

/** How an update is made: from the version the client loaded (`expectedVersion`), or by a declared action. */
export interface UpdateOptions extends ActionOptions {
  expected?: number;
}

/**
 * Validates a create body and follows it: the record's shop (the caller's, or that of the `tenantFrom` record), its
 * references (existing, visible, same shop; copies filled), date order, child lists, the entity's hooks. Nothing is
 * written; the item joins `w`.
 */
export async function prepareCreate(w: WriteContext, body: unknown, origin?: WriteOrigin): Promise<NewRecord> {
  const { db, rt, user } = w;
  // From an HTTP route the edge has validated the fields: the hooks still see the body as sent.
  const item = newItem((isValidated(body) ? sentBodyOf(body) : body) as Row);
  const before = isValidated(body) ? { ...item.body } : undefined;
  const rules = rulesOf(db);
  await rules.each(rt, 'beforeValidate', w, item);
  const split = splitChildren(rt, item.body);
  const data = before ? withHookChanges(rt, body as Row, before, split.body) : validateBody(rt, split.body, 'create');
  item.data = data;
  const raw = (split.body ?? {}) as Row;
  if (rt.meta.tenantFrom) {
    data[rt.meta.tenant!] = await shopFrom(db.kysely, rt, raw, user, w.reads);
    item.allow.add(rt.meta.tenant!);
  } else for (const f of await stampTenant(db, rt, user, data, raw, w.reads)) item.allow.add(f);
  const shop = shopColumn(rt) ? (data[rt.meta.tenant!] as number) : undefined;
  await followRefs(db.kysely, rt, data, user, shop, w.reads);
  await checkUnique(db.kysely, rt, data, undefined, shop);
  checkOrder(rt, data);
  checkRequiredWhen(rt, data);
  const children = await checkChildren(db.kysely, rt, split.lists, data, user, shop);
  item.children = children;
  await rules.each(rt, 'afterValidate', w, item);
  const row = await toRow(rt, data, db.dialect, 'create', item.allow, user, origin);
  w.items.push(item);
  return { row, children, item };
}

export async function insertPrepared(
  trx: Transaction<Database>,
  db: Db,
  rt: EntityRuntime,
  rec: NewRecord,
): Promise<Row> {
  const row = withDerived(rt, rec.row, rec.item, db.dialect);
  const insert = dynamic(trx).insertInto(rt.table);
  const { id } = await (Object.keys(row).length ? insert.values(row) : insert.defaultValues())
    .returning('id')
    .executeTakeFirstOrThrow();
  rec.item.id = Number(id);
  await saveChildren(trx, rt, Number(id), shopOf(rt, rec.item.data), rec.children, db.dialect);
  rec.item.saved = (await readRecord(trx, db, rt, Number(id)))!;
  return rec.item.saved;
}

/** Bound values one multi-row INSERT carries at most (SQLite allows 32,766, PostgreSQL 65,535). */
const MAX_INSERT_VALUES = 30_000;

/**
 * Prepared creates inserted as `insertPrepared` does, with one multi-row INSERT per run of rows that set the same
 * columns (returning the records, so none is read back): an import's batch is a few statements, not three per row.
 * Ids are handed out in VALUES order, so the records returned, sorted by id, are the rows in order. Child lists a
 * record brings are saved after it, one record at a time (a new record has none to replace). Answers the records.
 */
export async function insertMany(
  trx: Transaction<Database>,
  db: Db,
  rt: EntityRuntime,
  recs: NewRecord[],
): Promise<Row[]> {
  const rows = recs.map((rec) => withDerived(rt, rec.row, rec.item, db.dialect));
  const saved: Row[] = [];
  for (let start = 0; start < recs.length;) {
    const columns = Object.keys(rows[start]!).sort().join();
    let end = start + 1;
    const most = Math.max(1, Math.floor(MAX_INSERT_VALUES / Math.max(1, columns.split(',').length)));
    while (end < recs.length && end - start < most && Object.keys(rows[end]!).sort().join() === columns) end++;
    if (!columns) {
      for (let i = start; i < end; i++) saved.push(await insertPrepared(trx, db, rt, recs[i]!));
      start = end;
      continue;
    }
    const inserted = (await dynamic(trx)
      .insertInto(rt.table)
      .values(rows.slice(start, end))
      .returning(rt.selectList)
      .execute()) as Row[];
    inserted.sort((a, b) => Number(a.id) - Number(b.id));
    for (const [k, record] of inserted.entries()) {
      const rec = recs[start + k]!;
      rec.item.id = Number(record.id);
      rec.item.saved = toRecord(rt, record, db.dialect);
      const lists = [...rec.children.values()];
      if (lists.some((l) => l.length))
        await saveChildren(trx, rt, rec.item.id, shopOf(rt, rec.item.data), rec.children, db.dialect);
      saved.push(rec.item.saved);
    }
    start = end;
  }
  return saved;
}

/** The row with what a `beforeWrite` hook derived for its item (`WriteItem.derived`), read-only fields included. */
function withDerived(rt: EntityRuntime, row: Row, item: WriteItem, dialect: Dialect): Row {
  const out = { ...row };
  for (const [name, v] of Object.entries(item.derived ?? {})) {
    const f = rt.field.get(name)!;
    out[f.column] = toDbValue(f, v, dialect);
  }
  return out;
}

/**
 * THE write transaction of the pipeline: the entity's hooks before and after `fn` writes the rows, inside one
 * transaction (its tables' invariants checked, caches dropped after); `afterCommit` once it has committed.
 */
export async function runWrite<T>(w: WriteContext, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const { db, rt } = w;
  const rules = rulesOf(db);
  const written = [...writtenTables(rt), ...(w.op === 'delete' ? cascadedTables(rt) : []), ...rules.tables(rt)];
  const out = await writeTx(db, written, async (trx) => {
    await rules.tx(rt, 'beforeWrite', w, trx);
    const out = await fn(trx);
    await rules.tx(rt, 'afterWrite', w, trx);
    return out;
  });
  await rules.committed(w);
  return out;
}

export async function createRecord(
  db: Db,
  rt: EntityRuntime,
  body: unknown,
  user?: AuthUser,
  { origin, action, params }: CreateOptions = {},
): Promise<Row> {
  const w = { ...writeContext(db, rt, 'create', user), action, params };
  const rec = await prepareCreate(w, body, origin);
  return runWrite(w, (trx) => insertPrepared(trx, db, rt, rec));
}

/** Upstream's list bodies (`x-admin.createMany`): every record checked first (errors name the item), then all stored. */
export async function createRecords(
  db: Db,
  rt: EntityRuntime,
  body: unknown[],
  user?: AuthUser,
  origin?: WriteOrigin,
): Promise<Row[]> {
  checkMany(body);
  const w = writeContext(db, rt, 'create', user);
  const recs: NewRecord[] = [];
  for (const [i, item] of body.entries()) recs.push(await asItem(`[${i}]`, () => prepareCreate(w, item, origin)));
  checkUniqueAmong(
    rt,
    recs.map((r) => r.row),
  );
  return runWrite(w, async (trx) => {
    const out: Row[] = [];
    for (const rec of recs) out.push(await insertPrepared(trx, db, rt, rec));
    return out;
  });
}

export const MAX_CREATE_MANY = 500;

/** A list body's size: some records, not more than MAX_CREATE_MANY. */
export function checkMany(body: unknown[]): void {
  if (!body.length) throw validationFailed({ body: 'must not be empty' });
  if (body.length > MAX_CREATE_MANY) throw validationFailed({ body: `at most ${MAX_CREATE_MANY} records at once` });
}

/**
 * The fields of a create or update body as the write checks them (the body rules of validate.ts): without its child
 * lists (checked with the references, `checkChildren`), and on update without an unchanged password or secret.
 * The route edge runs this on an HTTP body; the pipeline on any other (a CSV row, a domain's call).
 */
export function validateFields(rt: EntityRuntime, body: unknown, mode: WriteMode): Row {
  const split = splitChildren(rt, mode === 'update' ? dropUnchanged(rt, body) : body);
  return validateBody(rt, split.body, mode);
}

/**
 * Fields validated at the edge, with what a `beforeValidate` hook changed (a member's forced `applyStatus`, a
 * link's default ratio): only those fields go through the body rules, as a partial (update) body; a field a hook
 * removed is dropped.
 */
function withHookChanges(rt: EntityRuntime, data: Row, before: Row, after: unknown): Row {
  const out = { ...data };
  const now = (after && typeof after === 'object' ? after : {}) as Row;
  for (const k of Object.keys(before)) if (!(k in now)) delete out[k];
  const changed = Object.fromEntries(Object.entries(now).filter(([k, v]) => !(k in before) || before[k] !== v));
  return Object.keys(changed).length ? Object.assign(out, validateBody(rt, changed, 'update')) : out;
}

/** The entity's table and its child lists' tables (their caches are dropped after a write). */
const writtenTables = (rt: EntityRuntime): TableName[] => [
  rt.table,
  ...(rt.meta.children ?? []).map((c) => runtime(c.resource as EntityName).table),
];

const cascades = new Map<string, TableName[]>();

/**
 * The tables whose rows a delete of `rt`'s records takes with it, as the migrations declare the foreign keys
 * (`ON DELETE CASCADE`: an internal entity's references, and those saying `onDelete: "cascade"`), theirs included:
 * their caches are dropped and their invariants checked as the entity's own.
 */
function cascadedTables(rt: EntityRuntime): TableName[] {
  const known = cascades.get(rt.meta.name);
  if (known) return known;
  const found = new Set<string>();
  const walk = (name: string) => {
    for (const e of Object.values(entities))
      if (
        !found.has(e.name) &&
        e.fields.some((f) => f.ref?.resource === name && (e.internal || f.ref.onDelete === 'cascade'))
      ) {
        found.add(e.name);
        walk(e.name);
      }
  };
  walk(rt.meta.name);
  const out = [...found].map((n) => runtime(n as EntityName).table);
  cascades.set(rt.meta.name, out);
  return out;
}

/** An update, checked and ready to write: the row, the child lists to save with it, the pipeline's item. */
interface PreparedUpdate {
  id: number;
  row: Row;
  children: ChildLists;
  item: WriteItem;
}

/**
 * Validates an update body of record `id` and follows it: the stored record (the caller's to see), its references
 * (visible, of the record's shop; copies filled), uniqueness, date order, child lists, the entity's hooks. Nothing
 * is written; the item joins `w`.
 */
async function prepareUpdate(w: WriteContext, id: number, body: unknown): Promise<PreparedUpdate> {
  const { db, rt, user } = w;
  const item = newItem((isValidated(body) ? sentBodyOf(body) : body) as Row, id);
  const before = isValidated(body) ? { ...item.body } : undefined;
  w.items.push(item);
  const rules = rulesOf(db);
  await rules.each(rt, 'beforeValidate', w, item);
  const split = splitChildren(rt, dropUnchanged(rt, item.body));
  const data = before ? withHookChanges(rt, body as Row, before, split.body) : validateBody(rt, split.body, 'update');
  item.data = data;
  if (denied(rt, user)) throw notFound();
  // The stored record: its shop for the reference checks, its dates for the order check.
  const stored = await readRecord(db.kysely, db, rt, id);
  if (!stored || (tenantScope(rt, user) && !tenantScope(rt, user)!.ids.includes(Number(stored[rt.meta.tenant!]))))
    throw notFound();
  item.stored = stored;
  const shop = shopColumn(rt) ? (stored[rt.meta.tenant!] as number) : undefined;
  await followRefs(db.kysely, rt, data, user, shop);
  await checkUnique(db.kysely, rt, data, id, shop);
  checkOrder(rt, data, stored);
  checkRequiredWhen(rt, data, stored);
  // The stored values stand in for those not sent (a list's `when` field).
  const children = await checkChildren(db.kysely, rt, split.lists, { ...stored, ...data }, user, shop);
  item.children = children;
  const step = stepOf(rt, w.action);
  if (step) takeStep(step, item);
  await rules.each(rt, 'afterValidate', w, item);
  // After the hooks, which may refuse the step in their own words first (an empty note).
  if (step) checkStepFields(step.transition, item.data);
  const row = await toRow(rt, data, db.dialect, 'update', item.allow, user);
  return { id, row, children, item };
}

const machines: Partial<Record<string, StateMachine>> = states;

/** The step of the entity's state machine an update's declared action makes (a return's `confirm`, an order's `ship`). */
function stepOf(rt: EntityRuntime, action: string | undefined) {
  const machine = machines[rt.meta.name];
  const transition = action === undefined ? undefined : machine?.transitions[action];
  return machine && transition && { field: machine.field, transition };
}

/**
 * A step as its schema states it (`x-admin.states`): refused from a status it does not run from (its `refused`
 * message), it keeps only the fields it sets (no step changes what another decided) and moves the status to its `to`.
 * The entity's hooks then add their own rules; the order's are checked again on the rows locked in the transaction.
 */
function takeStep({ field, transition }: NonNullable<ReturnType<typeof stepOf>>, item: WriteItem): void {
  if (!allows(transition, item.stored?.[field])) throw refused(Messages[transition.refused]);
  const fields = transition.fields;
  if (fields) for (const f of Object.keys(item.data)) if (!fields.includes(f)) delete item.data[f];
  if (transition.to !== undefined) stamp(item, { [field]: transition.to });
}

/** The fields a step requires (`required`), given: the missing ones all named at once. */
function checkStepFields(transition: StateTransition, data: Row): void {
  const missing = (transition.required ?? []).filter((f) => !given(data[f]));
  if (missing.length) throw validationFailed(Object.fromEntries(missing.map((f) => [f, REQUIRED])));
}

/** Writes a prepared update (with what `beforeWrite` derived) and reads the record back. */
async function updatePrepared(
  trx: Transaction<Database>,
  w: WriteContext,
  { id, row: prepared, children, item }: PreparedUpdate,
  expected?: number,
): Promise<Row> {
  const { db, rt, user } = w;
  const row = withChildVersion(rt, withDerived(rt, prepared, item, db.dialect), item);
  if (Object.keys(row).length) await updateVersioned(trx, db, rt, id, row, expected, user);
  else if (!(await scopedIds(dynamic(trx).selectFrom(rt.table).select('id'), rt, [id], user).execute()).length)
    throw notFound();
  await saveChildren(trx, rt, id, shopOf(rt, { ...item.stored, ...item.data }), children, db.dialect);
  item.saved = (await readRecord(trx, db, rt, id))!;
  return item.saved;
}

/**
 * Partial update: only the fields given are validated and written. With `expected` (the version the client loaded,
 * `expectedVersion`), refused as a conflict when the record has changed since. A declared action's update names it
 * (`action`, `params`) for the entity's hooks.
 */
export async function updateRecord(
  db: Db,
  rt: EntityRuntime,
  id: number,
  body: unknown,
  user?: AuthUser,
  { expected, action, params }: UpdateOptions = {},
): Promise<Row> {
  const w = { ...writeContext(db, rt, 'update', user), action, params };
  const rec = await prepareUpdate(w, id, body);
  return runWrite(w, (trx) => updatePrepared(trx, w, rec, expected));
}

/**
 * A declared action's update of several records at once (orders shipped together): every one checked first (errors
 * name the item, `[1].deliverySn`), then all written in one transaction, all or none.
 */
export async function updateRecords(
  db: Db,
  rt: EntityRuntime,
  list: { id: number; body: unknown }[],
  user?: AuthUser,
  { action, params }: ActionOptions = {},
): Promise<Row[]> {
  checkMany(list);
  const w = { ...writeContext(db, rt, 'update', user), action, params };
  const recs: PreparedUpdate[] = [];
  for (const [i, it] of list.entries()) recs.push(await asItem(`[${i}]`, () => prepareUpdate(w, it.id, it.body)));
  return runWrite(w, async (trx) => {
    const out: Row[] = [];
    for (const rec of recs) out.push(await updatePrepared(trx, w, rec));
    return out;
  });
}

/**
 * Fields the client sent back untouched: an empty password, or a secret empty or as shown (masked). Dropped before
 * validation, so the stored value stays.
 */
function dropUnchanged(rt: EntityRuntime, body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const out = { ...(body as Row) };
  for (const f of rt.meta.fields) {
    if (!(f.name in out)) continue;
    if (f.input === 'password' && (out[f.name] === '' || out[f.name] === null)) delete out[f.name];
    else if (f.secret && isUnchangedSecret(out[f.name])) delete out[f.name];
  }
  return out;
}

/** A domain save's one write: update row `id` (an empty change writes nothing) or insert a new row; answers the id. */
export async function saveRow(
  trx: Kysely<Database>,
  table: TableName,
  id: number | undefined,
  row: Row,
): Promise<number> {
  const k = dynamic(trx); // `row` is built from an entity's FieldMeta (toRow)
  if (!id) return Number((await k.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id);
  if (Object.keys(row).length) await k.updateTable(table).set(row).where('id', '=', id).execute();
  return id;
}

/** A domain's write of columns built from FieldMeta (toRow) to the rows `ids` of `table`; answers the rows changed. */
export async function updateRows(trx: Kysely<Database>, table: TableName, ids: number[], row: Row): Promise<number> {
  return Number(
    (await dynamic(trx).updateTable(table).set(row).where('id', 'in', ids).executeTakeFirst()).numUpdatedRows,
  );
}

/**
 * The stored records among `ids` the caller may write, as items of `w` (for its hooks; read only when the entity has
 * hooks).
 */
async function storedItems(w: WriteContext, ids: number[], body: Row = {}): Promise<void> {
  if (!rulesOf(w.db).of(w.rt).length) return;
  const { db, rt, user } = w;
  const rows = await scopedIds(dynamic(db.kysely).selectFrom(rt.table).select(rt.selectList), rt, ids, user).execute();
  for (const r of rows) {
    const stored = toRecord(rt, r as Row, db.dialect);
    w.items.push({ ...newItem({ ...body }, Number(stored.id)), stored });
  }
}

/** Number of rows deleted. */
export async function deleteRecords(db: Db, rt: EntityRuntime, ids: number[], user?: AuthUser): Promise<number> {
  if (!ids.length || denied(rt, user)) return 0;
  const w = writeContext(db, rt, 'delete', user);
  w.ids = ids;
  await storedItems(w, ids);
  const rules = rulesOf(db);
  for (const item of w.items) {
    await rules.each(rt, 'beforeValidate', w, item);
    await rules.each(rt, 'afterValidate', w, item);
  }
  return runWrite(w, async (trx) =>
    Number((await scopedIds(dynamic(trx).deleteFrom(rt.table), rt, ids, user).executeTakeFirst()).numDeletedRows),
  );
}

/**
 * `POST <path>/update/<field>?ids=…&<field>=v`: the value goes through the update validator (and, for a reference,
 * the reference checks, its copies filled). Rows changed. `beforeValidate` runs once, before any check, with the
 * value as the body and `ids` as the items' ids (none yet stored); `afterValidate` then per stored record.
 */
export async function batchUpdate(
  db: Db,
  rt: EntityRuntime,
  field: string,
  ids: number[],
  value: unknown,
  user?: AuthUser,
): Promise<number> {
  const w = writeContext(db, rt, 'batch', user, field);
  const first = newItem({ [field]: value });
  w.ids = ids;
  const rules = rulesOf(db);
  await rules.each(rt, 'beforeValidate', w, first);
  if (!ids.length) throw validationFailed({ ids: 'must not be empty' });
  if (value === undefined || value === '') throw validationFailed({ [field]: REQUIRED });
  const data = validateBody(rt, { [field]: value }, 'update');
  await followRefs(db.kysely, rt, data, user, undefined);
  const row = await toRow(rt, data, db.dialect, 'update', undefined, user);
  if (!Object.keys(row).length) throw validationFailed({ [field]: 'cannot be changed' });
  if (denied(rt, user)) return 0;
  await storedItems(w, ids, { [field]: value });
  if (rules.of(rt).length && !w.items.length) return 0;
  for (const item of w.items) {
    item.data = { ...data };
    await rules.each(rt, 'afterValidate', w, item);
  }
  return runWrite(w, async (trx) =>
    Number(
      (await scopedIds(dynamic(trx).updateTable(rt.table).set(row), rt, ids, user).executeTakeFirst()).numUpdatedRows,
    ),
  );
}
