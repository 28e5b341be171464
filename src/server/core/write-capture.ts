import {
  AliasNode,
  BinaryOperationNode,
  ColumnNode,
  CompiledQuery,
  createQueryId,
  DeleteQueryNode,
  DummyDriver,
  IdentifierNode,
  InsertQueryNode,
  Kysely,
  LimitNode,
  OperatorNode,
  PrimitiveValueListNode,
  ReferenceNode,
  ReturningNode,
  SelectAllNode,
  SelectionNode,
  SelectModifierNode,
  SelectQueryNode,
  UpdateQueryNode,
  ValueNode,
  WhereNode,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type OperationNode,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from '../../../generated/database.js';
import { auditedRequest, auditTable, hasId, RowChanges, SUMMARY_IDS, type AuditActor } from './audit.js';

type Row = Record<string, unknown>;

/** What a connection collects: the rows changed since its transaction began, and for whom. */
interface Capture {
  changes: RowChanges;
  request?: AuditActor;
}

/** An open transaction's capture, and the tables it wrote. */
interface TxCapture extends Capture {
  tables: Set<string>;
}

/**
 * The one place every write built with Kysely passes: a dialect around the real one whose connections see each
 * INSERT, UPDATE and DELETE and
 * - tell `written` its table, before the statement runs and again after it (caches drop what they hold of it), and
 *   once more when its transaction has ended, committed or not (the last word goes out after the commit);
 * - while a request is served, note the rows it changed for the audit trail, from the statement itself where it can:
 *   a DELETE's and an INSERT's rows by `RETURNING *`; an UPDATE's rows before and after it in one statement on
 *   PostgreSQL (`beforeAndAfter`), while on SQLite (one writer, in the process: no round trip) its rows are read by
 *   its own WHERE before it runs. A transaction's rows become audit entries in that transaction, just before it
 *   commits (none if it rolls back); a statement outside one is recorded right after it.
 * No domain has to remember to record its writes or to tell the caches.
 */
export function capturingWrites(
  dialect: Dialect,
  opts: { lockRows: boolean; written: (table: string) => void },
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new CapturingDriver(dialect, opts.written, opts.lockRows),
  };
}

class CapturingDriver implements Driver {
  private inner: Driver;
  private wrapped = new WeakMap<DatabaseConnection, CapturingConnection>();
  private compiler;
  /** Builds the audit entries' INSERT (never run through it: no driver behind it). */
  private builder: Kysely<Database>;

  constructor(
    dialect: Dialect,
    readonly written: (table: string) => void,
    /** Reads rows about to be changed FOR UPDATE (PostgreSQL; SQLite has one writer at a time). */
    readonly lockRows: boolean,
  ) {
    this.inner = dialect.createDriver();
    this.compiler = dialect.createQueryCompiler();
    this.builder = new Kysely<Database>({
      dialect: {
        createAdapter: () => dialect.createAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => dialect.createIntrospector(db),
        createQueryCompiler: () => dialect.createQueryCompiler(),
      },
    });
  }

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const c = await this.inner.acquireConnection();
    let w = this.wrapped.get(c);
    if (!w) this.wrapped.set(c, (w = new CapturingConnection(c, this)));
    return w;
  }

  releaseConnection = (c: DatabaseConnection) => this.inner.releaseConnection(unwrap(c));

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(unwrap(c), settings);
    if (c instanceof CapturingConnection) c.tx = { changes: new RowChanges(), tables: new Set() };
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const tx = c instanceof CapturingConnection ? c.tx : undefined;
    if (c instanceof CapturingConnection) c.tx = undefined;
    try {
      if (tx) await this.record(unwrap(c), tx);
      await this.inner.commitTransaction(unwrap(c));
    } finally {
      tx?.tables.forEach(this.written);
    }
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    const tx = c instanceof CapturingConnection ? c.tx : undefined;
    if (c instanceof CapturingConnection) c.tx = undefined;
    try {
      await this.inner.rollbackTransaction(unwrap(c));
    } finally {
      tx?.tables.forEach(this.written);
    }
  }

  savepoint: Driver['savepoint'] = (c, name, compile) => this.inner.savepoint!(unwrap(c), name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (c, name, compile) =>
    this.inner.rollbackToSavepoint!(unwrap(c), name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (c, name, compile) =>
    this.inner.releaseSavepoint!(unwrap(c), name, compile);

  /** Writes the entries of `capture` on `connection` (inside its transaction, if it is in one). */
  async record(connection: DatabaseConnection, capture: Capture): Promise<void> {
    if (!capture.request || !capture.changes.size) return;
    const entries = capture.changes.entries(capture.request);
    for (let i = 0; i < entries.length; i += 500) {
      const query = this.builder
        .insertInto(auditTable)
        .values(entries.slice(i, i + 500) as never)
        .compile();
      await connection.executeQuery(query);
    }
    if (entries.length) this.written(auditTable);
  }

  compile(node: OperationNode): CompiledQuery {
    return this.compiler.compileQuery(node as never, createQueryId());
  }

  /**
   * One statement (PostgreSQL) that locks and reads the rows an UPDATE is about to change, runs it, and answers both
   * images, tagged: `b` the rows before (as locked: what the UPDATE then changes), `a` the rows after.
   */
  beforeAndAfter(before: OperationNode, update: OperationNode): CompiledQuery {
    const node = (n: OperationNode) => ({ toOperationNode: () => n });
    return sql`with "audit_before" as (${node(before)}), "audit_after" as (${node(update)})
      select 'b' as "audit_image", * from "audit_before" union all select 'a', * from "audit_after"`.compile(
      this.builder,
    );
  }
}

const unwrap = (c: DatabaseConnection) => (c instanceof CapturingConnection ? c.inner : c);

/** The table a write names (`"t"` or `"t" as "x"`), for reading its rows back. */
function tableOf(node: OperationNode | undefined): { node: OperationNode; name: string } | undefined {
  const plain = node && AliasNode.is(node) ? node.node : node;
  const table = plain as { kind?: string; table?: { identifier?: { name?: string } } } | undefined;
  const name = table?.kind === 'TableNode' ? table.table?.identifier?.name : undefined;
  return name && node ? { node, name } : undefined;
}

const idColumn = () => ReferenceNode.create(ColumnNode.create('id'));
const everyColumn = () => ReturningNode.create([SelectionNode.createSelectAll()]);

/** A RETURNING of plain columns (each under its key), or of all of them: what the caller gets from a `RETURNING *`. */
interface Picked {
  all: boolean;
  columns: [key: string, column: string][];
}

/**
 * The caller's RETURNING as columns picked from the row a `RETURNING *` gives, so the statement itself brings the
 * audit's image of its rows (no read after it); undefined when it returns more than columns (an expression).
 */
function pickedColumns(returning: ReturningNode | undefined): Picked | undefined {
  const picked: Picked = { all: false, columns: [] };
  for (const { selection } of returning?.selections ?? []) {
    const aliased = AliasNode.is(selection);
    const key = aliased && IdentifierNode.is(selection.alias) ? selection.alias.name : undefined;
    const node = aliased ? selection.node : selection;
    if (aliased && key === undefined) return undefined;
    if (SelectAllNode.is(node)) picked.all = true;
    else if (!ReferenceNode.is(node)) return undefined;
    else if (SelectAllNode.is(node.column)) picked.all = true;
    else picked.columns.push([key ?? node.column.column.name, node.column.column.name]);
  }
  return picked;
}

/** A `RETURNING *` row as the caller's RETURNING would have answered it. */
function asPicked(picked: Picked, row: Row): Row {
  const out: Row = picked.all ? { ...row } : {};
  for (const [key, column] of picked.columns) out[key] = row[column];
  return out;
}

/**
 * What the caller's statement would have answered: its RETURNING's columns of `rows` (none without one), and how
 * many.
 */
const answered = (returning: ReturningNode | undefined, picked: Picked, rows: Row[]) => ({
  rows: returning ? rows.map((row) => asPicked(picked, row)) : [],
  numAffectedRows: BigInt(rows.length),
});

const whereIdIn = (ids: unknown[]) =>
  WhereNode.create(
    BinaryOperationNode.create(idColumn(), OperatorNode.create('in'), PrimitiveValueListNode.create(ids)),
  );

/** The tables a write names: an INSERT's, an UPDATE's, a DELETE's (each of its FROM). */
function writtenTables(node: OperationNode): string[] {
  const named = (n: OperationNode | undefined) => tableOf(n)?.name ?? [];
  if (InsertQueryNode.is(node)) return [named(node.into)].flat();
  if (UpdateQueryNode.is(node)) return [named(node.table)].flat();
  if (DeleteQueryNode.is(node)) return node.from.froms.flatMap(named);
  return [];
}

class CapturingConnection implements DatabaseConnection {
  /** Set while a transaction is open on this connection. */
  tx?: TxCapture;

  constructor(
    readonly inner: DatabaseConnection,
    private driver: CapturingDriver,
  ) {}

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const node: OperationNode | undefined = query.query;
    const tables = node ? writtenTables(node) : [];
    if (!tables.length) return this.inner.executeQuery(query);
    tables.forEach(this.driver.written);
    for (const t of tables) this.tx?.tables.add(t);
    try {
      return await this.audited<R>(query, node);
    } finally {
      tables.forEach(this.driver.written);
    }
  }

  /** A write, its rows noted while a request is served. */
  private async audited<R>(query: CompiledQuery, node: OperationNode): Promise<QueryResult<R>> {
    const request = auditedRequest();
    if (!request || !node) return this.inner.executeQuery(query);
    if (InsertQueryNode.is(node)) return this.captured(request, this.insert(query, node));
    if (UpdateQueryNode.is(node) && !node.from && !node.joins)
      return this.captured(request, this.change(query, tableOf(node.table), node, 'update'));
    if (DeleteQueryNode.is(node) && node.from.froms.length === 1 && !node.using && !node.joins)
      return this.captured(request, this.change(query, tableOf(node.from.froms[0]), node, 'delete'));
    return this.inner.executeQuery(query);
  }

  /** Runs a write noting its rows: into the open transaction's changes, else recorded at once. */
  private async captured<R>(
    request: AuditActor,
    run: (changes: RowChanges) => Promise<QueryResult<unknown>>,
  ): Promise<QueryResult<R>> {
    const own = !this.tx;
    const capture: Capture = this.tx ?? { changes: new RowChanges() };
    capture.request ??= request;
    const result = await run(capture.changes);
    if (own) await this.driver.record(this.inner, capture);
    return result as QueryResult<R>;
  }

  private async rows(node: OperationNode): Promise<Row[]> {
    return (await this.inner.executeQuery<Row>(this.driver.compile(node))).rows;
  }

  /**
   * An INSERT returns its rows: `RETURNING *`, the caller answered the columns it asked for (nothing, when it asked
   * for none); read back by id after it only when it returns more than columns.
   */
  private insert(query: CompiledQuery, node: InsertQueryNode) {
    return async (changes: RowChanges): Promise<QueryResult<unknown>> => {
      const table = tableOf(node.into);
      if (!table || table.name === auditTable) return this.inner.executeQuery(query);
      const picked = pickedColumns(node.returning);
      if (!picked) {
        const result = await this.inner.executeQuery<Row>(query);
        const ids = result.rows.map((r) => r.id);
        if (!ids.length) changes.count(table.name, Number(result.numAffectedRows ?? 0), [], 'create');
        await this.readBack(
          changes,
          table,
          ids.filter((id) => changes.note(table.name, id, {}, 'create')),
        );
        return result;
      }
      const all = InsertQueryNode.cloneWith(node, { returning: everyColumn() });
      const result = await this.inner.executeQuery<Row>(this.driver.compile(all));
      for (const row of result.rows) changes.note(table.name, row.id, { after: row }, 'create');
      const last = result.rows.at(-1)?.id;
      return {
        ...answered(node.returning, picked, result.rows),
        insertId: typeof last === 'number' || typeof last === 'bigint' ? BigInt(last) : undefined,
      };
    };
  }

  /** The rows `ids` of `table` as they are now, noted as their image after the statement. */
  private async readBack(changes: RowChanges, table: { node: OperationNode; name: string }, ids: unknown[]) {
    if (!ids.length) return;
    const plain = AliasNode.is(table.node) ? table.node.node : table.node;
    const after = await this.rows({
      ...SelectQueryNode.createFrom([plain]),
      selections: [SelectionNode.createSelectAll()],
      where: whereIdIn(ids),
    } as OperationNode);
    for (const row of after) changes.note(table.name, row.id, { after: row }, 'update');
  }

  /**
   * An UPDATE or DELETE. A DELETE returning columns (or nothing) brings its own rows, and so does an UPDATE on
   * PostgreSQL, with their images before (`deleted`, `updated`). Otherwise its rows are read (up to SUMMARY_IDS) by
   * its own WHERE before it runs and it returns the rows it changed (`RETURNING *`, the caller answered what it asked
   * for), so a row read but not changed (a concurrent write took it first) is not recorded and an UPDATE's rows after
   * it come with it. Only beyond SUMMARY_IDS rows does it return ids alone, its detailed rows then read again by id
   * after it.
   */
  private change(
    query: CompiledQuery,
    table: { node: OperationNode; name: string } | undefined,
    node: UpdateQueryNode | DeleteQueryNode,
    action: 'update' | 'delete',
  ) {
    return async (changes: RowChanges): Promise<QueryResult<unknown>> => {
      if (!table || table.name === auditTable) return this.inner.executeQuery(query);
      const picked = pickedColumns(node.returning);
      if (picked && hasId(table.name) && action === 'delete') return this.deleted(changes, table.name, node, picked);
      if (picked && hasId(table.name) && this.driver.lockRows && !node.with)
        return this.updated(changes, table, node, picked);
      const read = await this.rows({
        ...SelectQueryNode.createFrom([table.node], node.with),
        selections: [SelectionNode.createSelectAll()],
        where: node.where,
        limit: LimitNode.create(ValueNode.createImmediate(SUMMARY_IDS)),
        ...(this.driver.lockRows && { endModifiers: [SelectModifierNode.create('ForUpdate')] }),
      } as OperationNode);
      const before = new Map(read.map((r) => [r.id, r]));
      if (action === 'update' && picked && read.length < SUMMARY_IDS && hasId(table.name)) {
        const all = { ...node, returning: everyColumn() };
        const rows = (await this.inner.executeQuery<Row>(this.driver.compile(all))).rows;
        return this.noteUpdated(changes, table.name, before, rows, node, picked);
      }
      let result: QueryResult<unknown>;
      let changed: unknown[];
      if (node.returning || !hasId(table.name)) {
        // Its own RETURNING is the caller's: the rows read stand for those changed, none if it changed none.
        result = await this.inner.executeQuery(query);
        changed = Number(result.numAffectedRows ?? 0) ? [...before.keys()] : [];
      } else {
        const withIds = { ...node, returning: ReturningNode.create([SelectionNode.create(idColumn())]) };
        const ids = (await this.inner.executeQuery<Row>(this.driver.compile(withIds))).rows.map((r) => r.id);
        result = { rows: [], numAffectedRows: BigInt(ids.length) };
        changed = ids;
      }
      const detailed: unknown[] = [];
      for (const id of changed) {
        const row = before.get(id);
        if (!row) changes.count(table.name, 1, [id], action);
        else if (action === 'delete') changes.note(table.name, id, { before: row, after: undefined }, action);
        else if (changes.note(table.name, id, { before: row }, action)) detailed.push(id);
      }
      await this.readBack(changes, table, detailed);
      return result;
    };
  }

  /**
   * A DELETE returns the rows it took (`RETURNING *`, the caller answered what it asked for): they are the images
   * before it, with no read of their own.
   */
  private async deleted(changes: RowChanges, table: string, node: DeleteQueryNode | UpdateQueryNode, picked: Picked) {
    const all = { ...node, returning: everyColumn() };
    const rows = (await this.inner.executeQuery<Row>(this.driver.compile(all))).rows;
    for (const row of rows) changes.note(table, row.id, { before: row, after: undefined }, 'delete');
    return answered(node.returning, picked, rows);
  }

  /** An UPDATE on PostgreSQL: its rows before and after in the one statement (`beforeAndAfter`), one round trip. */
  private async updated(
    changes: RowChanges,
    table: { node: OperationNode; name: string },
    node: DeleteQueryNode | UpdateQueryNode,
    picked: Picked,
  ) {
    const read: SelectQueryNode = {
      ...SelectQueryNode.createFrom([table.node]),
      selections: [SelectionNode.createSelectAll()],
      where: node.where,
      endModifiers: [SelectModifierNode.create('ForUpdate')],
    };
    const all = { ...node, returning: everyColumn() };
    const query = this.driver.beforeAndAfter(read, all);
    const before = new Map<unknown, Row>();
    const after: Row[] = [];
    for (const { audit_image: image, ...row } of (await this.inner.executeQuery<Row>(query)).rows)
      if (image === 'b') before.set(row.id, row);
      else after.push(row);
    return this.noteUpdated(changes, table.name, before, after, node, picked);
  }

  /** The rows an UPDATE changed, each with its image before (a row not read before it is only counted). */
  private noteUpdated(
    changes: RowChanges,
    table: string,
    before: Map<unknown, Row>,
    rows: Row[],
    node: DeleteQueryNode | UpdateQueryNode,
    picked: Picked,
  ): QueryResult<unknown> {
    for (const row of rows) {
      const was = before.get(row.id);
      if (!was) changes.count(table, 1, [row.id], 'update');
      else if (changes.note(table, row.id, { before: was }, 'update'))
        changes.note(table, row.id, { after: row }, 'update');
    }
    return answered(node.returning, picked, rows);
  }
}
