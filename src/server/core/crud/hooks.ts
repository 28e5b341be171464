import type { Transaction } from 'kysely';
import type { Database, TableName } from '../../../../generated/database.js';
import type { AuthUser } from '../auth.js';
import type { Db, Row } from '../db.js';
import type { ChildLists } from './children.js';
import type { CrudContext } from './reads.js';
import type { EntityRuntime } from './runtime.js';
import type { BatchReads } from './batch-reads.js';
import { perApp } from '../write-hooks.js';

/** Which write of the generic pipeline is running. */
export type WriteOp = 'create' | 'update' | 'delete' | 'batch' | 'import';

/** One record of a write, as the pipeline fills it in step by step. */
export interface WriteItem {
  /** The record's id: given on update, delete and batch; set once a create has inserted it. */
  id?: number;
  /** The fields as sent (create, update, import; batch: `{[field]: value}`); `beforeValidate` may change them. */
  body: Row;
  /** The validated fields, then their references followed (`afterValidate` on). */
  data: Row;
  /**
   * The child lists sent (`x-admin.children`), each item validated and its references followed (`afterValidate`
   * on): a hook applies the list rules no schema states and may change the items before they are saved.
   */
  children?: ChildLists;
  /** The stored record before the write (update, delete, batch). */
  stored?: Row;
  /** The record once written (create, update, import). */
  saved?: Row;
  /**
   * A hook saves the record's child rows itself (a product's SKUs by `/sku/update`): the record's version moves on
   * with them (versions.ts, `withChildVersion`), as when its lists are sent.
   */
  childrenWritten?: boolean;
  /** Read-only fields this write may still set (the tenant field, what a hook stamps). */
  allow: Set<string>;
  /**
   * Fields a `beforeWrite` hook derives inside the transaction, from rows it has locked or changed there (a member's
   * balance after a payment, an order's payable after new fees): written with the row, read-only ones included.
   */
  derived?: Row;
}

/** One write of one entity through the generic pipeline: what every hook is given. */
export interface WriteContext {
  db: Db;
  rt: EntityRuntime;
  op: WriteOp;
  user?: AuthUser;
  items: WriteItem[];
  /** batch: the field changed; batch and delete: the ids named (found or not). */
  field?: string;
  ids?: number[];
  /**
   * A create or update made by one of the entity's declared actions (`x-admin.actions`: a balance's `recharge`, a
   * return's `confirm`), and that action's parameters besides the record's fields (the cashier's orders): the hooks
   * give the action its rules.
   */
  action?: string;
  params?: Row;
  /** Records read ahead for a batch of creates (an import's), which its checks look up before reading. */
  reads?: BatchReads;
}

/**
 * What a domain adds to the writes of one entity (Directus ItemsService style). The generic pipeline runs, for every
 * create, update, delete, batch update and import: beforeValidate -> validate, field permissions, tenancy, references
 * -> afterValidate -> one transaction (beforeWrite, the rows, afterWrite, invariants) -> audit, cache drops ->
 * afterCommit. A hook throws to refuse the write (inside the transaction: all of it rolls back).
 */
export interface EntityHooks {
  /** Tables the hooks write besides the entity's own (their caches are dropped, their invariants checked). */
  tables?: TableName[];
  /** Per item, before anything is checked: refuse early, reshape the body. */
  beforeValidate?(w: WriteContext, item: WriteItem): Promise<void> | void;
  /** Per item, once the generic checks passed and before the transaction: the domain's own rules. */
  afterValidate?(w: WriteContext, item: WriteItem): Promise<void> | void;
  /** Inside the transaction, before the rows are written. */
  beforeWrite?(w: WriteContext, trx: Transaction<Database>): Promise<void>;
  /** Inside the transaction, after the rows: what derives from them (child rows, copies, counts). */
  afterWrite?(w: WriteContext, trx: Transaction<Database>): Promise<void>;
  /** Once the transaction has committed. */
  afterCommit?(w: WriteContext): Promise<void> | void;
  /** What create and update answer, when not the record itself (product: the composite). */
  answer?: { schema(): object; run(crud: CrudContext, saved: Row, user?: AuthUser): Promise<unknown> };
}

/** A rule over whole tables that a write may not break (checked before its transaction commits; throw to refuse). */
export type Invariant = (trx: Transaction<Database>) => Promise<void>;

/**
 * One app's write rules: its entities' hooks and its invariants, registered as its domains are set up
 * (`rulesOf(db).on('product', productHooks)`), before the routes are built. Held per app (by its database handle's
 * write hooks, which its background handle shares), so two apps in one process never share or leak each other's.
 */
export class WriteRules {
  private hooks = new Map<string, Set<EntityHooks>>();
  private invariants = new Map<TableName, Set<Invariant>>();

  on(entity: string, h: EntityHooks): void {
    this.hooks.set(entity, (this.hooks.get(entity) ?? new Set()).add(h));
  }
  of(rt: EntityRuntime): EntityHooks[] {
    return [...(this.hooks.get(rt.meta.name) ?? [])];
  }
  /** The entity's hooked tables (written besides its own). */
  tables(rt: EntityRuntime): TableName[] {
    return this.of(rt).flatMap((h) => h.tables ?? []);
  }
  answer(rt: EntityRuntime): EntityHooks['answer'] {
    return this.of(rt).find((h) => h.answer)?.answer;
  }
  async each(
    rt: EntityRuntime,
    step: 'beforeValidate' | 'afterValidate',
    w: WriteContext,
    item: WriteItem,
  ): Promise<void> {
    for (const h of this.of(rt)) await h[step]?.(w, item);
  }
  async tx(rt: EntityRuntime, step: 'beforeWrite' | 'afterWrite', w: WriteContext, trx: Transaction<Database>) {
    for (const h of this.of(rt)) await h[step]?.(w, trx);
  }
  async committed(w: WriteContext): Promise<void> {
    for (const h of this.of(w.rt)) await h.afterCommit?.(w);
  }

  /** Checks `rule` at the end of every write transaction that names one of `tables`. */
  addInvariant(tables: TableName[], rule: Invariant): void {
    for (const t of tables) this.invariants.set(t, (this.invariants.get(t) ?? new Set()).add(rule));
  }
  /** The rules a transaction writing `tables` checks, in a fixed order (by name). */
  invariantsOf(tables: TableName[]): Invariant[] {
    return [...new Set(tables.flatMap((t) => [...(this.invariants.get(t) ?? [])]))].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  }
}

/** The write rules of the app `db` belongs to. */
export const rulesOf = perApp(() => new WriteRules());

/** The item's id: set on every write but a create before its insert. */
export function itemId(item: WriteItem): number {
  if (item.id === undefined) throw new Error('The write item has no id yet: a create before its insert');
  return item.id;
}

/** The record before the write: read for an update, a delete and a batch before their hooks run. */
export function storedOf(item: WriteItem): Row {
  if (!item.stored) throw new Error('The write item has no stored record: a create or import');
  return item.stored;
}

/** The record as written: set for a create, an update and an import once its row is written. */
export function savedOf(item: WriteItem): Row {
  if (!item.saved) throw new Error('The write item is not saved yet');
  return item.saved;
}

/**
 * What a hook notes on an item for a later step (a checked list, the order it locked), typed. Each hook keeps its own,
 * so no two can clash.
 */
export class ItemNote<T> {
  private readonly notes = new WeakMap<WriteItem, { value: T }>();
  constructor(private readonly what: string) {}
  set(item: WriteItem, value: T): void {
    this.notes.set(item, { value });
  }
  get(item: WriteItem): T {
    const note = this.notes.get(item);
    if (!note) throw new Error(`${this.what} was not noted on the item: a step ran out of order`);
    return note.value;
  }
}

export const newItem = (body: Row, id?: number): WriteItem => ({ id, body, data: {}, allow: new Set() });

/** Sets fields a hook decides (read-only to clients: a step's status, who handled it) on `item`, to be written. */
export const stamp = (item: WriteItem, fields: Row): void => {
  Object.assign(item.data, fields);
  for (const f of Object.keys(fields)) item.allow.add(f);
};
