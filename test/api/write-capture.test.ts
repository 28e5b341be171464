/**
 * The audit capture's cost in statements: each audited write brings its own rows (a DELETE's by `RETURNING *`, an
 * UPDATE's before and after in one statement on PostgreSQL) instead of reading them first. Counted on a connection
 * of the capturing dialect over the server's own database.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type CompiledQuery,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedAs, auditTable } from '../../src/server/core/audit';
import { capturingWrites } from '../../src/server/core/write-capture';
import { tables } from '../../generated/database';
import { dialects, startServer, type TestServer } from './helpers';

/** A dialect whose connections count the statements sent to the database, and name them. */
function counted(inner: Dialect) {
  const sent: string[] = [];
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const wrap = (c: DatabaseConnection): DatabaseConnection => {
    const w: DatabaseConnection = {
      executeQuery: (q: CompiledQuery) => {
        sent.push(q.sql.trim().split(/\s+/)[0].toLowerCase());
        return c.executeQuery(q);
      },
      streamQuery: (q, chunk) => c.streamQuery(q, chunk),
    };
    wrapped.set(w, c);
    return w;
  };
  const un = (c: DatabaseConnection) => wrapped.get(c) ?? c;
  const driver = (d: Driver): Driver => ({
    init: () => d.init(),
    destroy: () => d.destroy(),
    acquireConnection: async () => wrap(await d.acquireConnection()),
    releaseConnection: (c) => d.releaseConnection(un(c)),
    beginTransaction: (c, s) => d.beginTransaction(un(c), s),
    commitTransaction: (c) => d.commitTransaction(un(c)),
    rollbackTransaction: (c) => d.rollbackTransaction(un(c)),
  });
  return {
    sent,
    dialect: {
      createAdapter: () => inner.createAdapter(),
      createIntrospector: (db: Kysely<any>) => inner.createIntrospector(db),
      createQueryCompiler: () => inner.createQueryCompiler(),
      createDriver: () => driver(inner.createDriver()),
    } satisfies Dialect,
  };
}

describe.each(dialects)('audit capture on %s', (dialect) => {
  let s: TestServer;
  let k: Kysely<any>;
  let sent: string[];
  const actor = { user: { id: 1, username: 'admin' }, ip: '127.0.0.1', url: '/test' };

  beforeAll(async () => {
    s = await startServer({ dialect });
    const c = counted(
      dialect === 'postgres'
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: s.config.databaseUrl, max: 1 }) })
        : new SqliteDialect({ database: new Database(s.config.sqliteFile!) }),
    );
    sent = c.sent;
    k = new Kysely({ dialect: capturingWrites(c.dialect, { lockRows: dialect === 'postgres', written: () => {} }) });
  });
  afterAll(async () => {
    await k?.destroy();
    await s?.close();
  });

  const brand = (name: string) =>
    k.insertInto(tables.brand).values({ name, first_letter: 'W' }).returning('id').executeTakeFirstOrThrow();
  const trail = (id: number) =>
    k
      .selectFrom(auditTable)
      .select(['action', 'changes'])
      .where('entity', '=', 'brand')
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();

  it('records a DELETE from the rows it returns, with no read before it', async () => {
    const { id } = await auditedAs(actor, () => brand('Capture delete'));
    sent.length = 0;
    const gone = await auditedAs(actor, () => k.deleteFrom(tables.brand).where('id', '=', id).executeTakeFirst());
    expect(Number(gone.numDeletedRows)).toBe(1);
    expect(sent).toEqual(['delete', 'insert']);
    const entries = await trail(id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(JSON.parse(String(entries[1].changes))).toMatchObject({ name: ['Capture delete', null] });
  });

  it('records an UPDATE with its rows before and after: one statement on PostgreSQL', async () => {
    const { id } = await auditedAs(actor, () => brand('Capture update'));
    sent.length = 0;
    const done = await auditedAs(actor, () =>
      k.updateTable(tables.brand).set({ name: 'Captured' }).where('id', '=', id).returning('name').execute(),
    );
    expect(done).toEqual([{ name: 'Captured' }]);
    // SQLite runs in the process, one writer: its read before the UPDATE is no round trip.
    expect(sent).toEqual(dialect === 'postgres' ? ['with', 'insert'] : ['select', 'update', 'insert']);
    const entries = await trail(id);
    expect(JSON.parse(String(entries.at(-1)!.changes))).toEqual({ name: ['Capture update', 'Captured'] });
    // Nothing matched: nothing changed, nothing recorded.
    const none = await auditedAs(actor, () =>
      k.updateTable(tables.brand).set({ name: 'x' }).where('id', '=', -1).executeTakeFirst(),
    );
    expect(Number(none.numUpdatedRows)).toBe(0);
    expect(await trail(id)).toHaveLength(entries.length);
  });
});
