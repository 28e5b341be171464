import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  createQueryId,
  IdentifierNode,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type DatabaseConnection,
  type Driver,
  type KyselyConfig,
  type QueryCompiler,
  type QueryExecutorProvider,
  type QueryResult,
  RawNode,
} from 'kysely';
import { randomUUID } from 'node:crypto';
import { tables as tableNames, type Database as Tables } from '../../../generated/database.js';
import type { ServerConfig } from './config.js';
import { contextKey } from './context.js';
import { WriteHooks } from './write-hooks.js';
import { capturingWrites } from './write-capture.js';
import { turnsFromPrimary, type WriteTurns } from './write-turns.js';
import { isoOfTimestamptz } from './dates.js';

export type Dialect = 'sqlite' | 'postgres';
export type Row = Record<string, unknown>;

/**
 * The database handle every part of the server shares: Kysely for writes and domain queries, plus a fast raw read
 * path (`all`) that reuses prepared statements (better-sqlite3 Statements / pg named statements) by SQL text.
 * SQL given to `all` uses `?` placeholders; they are rewritten to `$n` for PostgreSQL once per text.
 */
export interface Db {
  dialect: Dialect;
  kysely: Kysely<Tables>;
  hooks: WriteHooks;
  all<T = Row>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /**
   * SQLite: a write transaction is open on the one connection (one that awaits a turn of the event loop, an import's
   * batch), so a write now would wait for its commit; reads through `all` still run, on the last commit.
   */
  writing?(): boolean;
  /**
   * Runs a write transaction's own code (`writeTx`): on SQLite its reads through `all` see its own writes, where
   * everyone else's, while it is open, read the last commit.
   */
  owning?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL: a handle on connections of its own for background work (jobs), sharing this one's write hooks, so a
   * job's statements never wait in the requests' pool behind dozens of queued queries (an import then hardly moved
   * under load), nor requests behind a job's open transaction. SQLite has its one connection: undefined.
   */
  background?: Db;
  close(): Promise<void>;
  /** Told each statement's text and duration (ms) once it ran, Kysely's and `all`'s alike (the metrics). */
  onQuery?: (sql: string, ms: number) => void;
  /**
   * SQLite: an online copy of the database into `file` through the server's own connection (better-sqlite3's
   * backup API, a few pages per turn of the event loop), so the server's writes during the copy go into it too and
   * the copy is one consistent state.
   */
  backup?(file: string): Promise<void>;
}

/** Pages the online backup copies per step before letting other work run (256 × 4 KiB pages: 1 MiB). */
const BACKUP_STEP_PAGES = 256;

/**
 * Kysely's log hook feeding `db.onQuery`, set only when the metrics are on (`timed`): Kysely then wraps every
 * statement with a clock read before and after.
 */
const timing = (timed: boolean, db: () => Db): KyselyConfig['log'] =>
  timed ? (event) => db().onQuery?.(event.query.sql, event.queryDurationMillis) : undefined;

export function connect(config: ServerConfig): Db {
  const timed = !!config.metricsToken;
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl, timed, config.pgPool)
    : connectSqlite(sqliteFile(config), timed);
}

export function sqliteFile(config: ServerConfig): string {
  return config.sqliteFile ?? path.join(config.dataDir, 'marketplace.db');
}

/**
 * A prepared statement as a function of its parameters. A query's rows come as arrays and become objects through a
 * constructor compiled for its columns: one object literal of a fixed shape, about twice as fast as letting the
 * driver add the properties one by one (a page of 20 products with 44 columns: 110 µs instead of 200).
 */
function prepared(stmt: Database.Statement): (params: unknown[]) => unknown[] {
  if (!stmt.reader) return (params) => stmt.all(...params);
  const names = stmt.columns().map((c) => c.name);
  if (names.includes('__proto__')) return (params) => stmt.all(...params);
  stmt.raw(true);
  const body = names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ');
  const row = new Function('r', `return { ${body} };`) as (r: unknown[]) => unknown;
  return (params) => (stmt.all(...params) as unknown[][]).map(row);
}

/** Statements of one SQLite connection, each prepared once per text. */
type Statements = { prepare(sql: string): Database.Statement };

/** A statement run as Kysely's SQLite connection runs it. */
function runStatement(stmt: Database.Statement, query: CompiledQuery): QueryResult<any> {
  const params = query.parameters as unknown[];
  if (stmt.reader) return { rows: stmt.all(params) };
  const { changes, lastInsertRowid } = stmt.run(params);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Runs `SAVEPOINT name` or one of its kin on `use`, the name quoted (as Kysely's own SQLite driver writes them). */
const savepointCommand = (
  use: DatabaseConnection,
  command: 'savepoint' | 'rollback to' | 'release',
  name: string,
  compile: QueryCompiler['compileQuery'],
) =>
  use.executeQuery(
    compile(
      RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]),
      createQueryId(),
    ),
  );

/** Who waits for the one connection: resolves in the order asked. */
class Mutex {
  /** Resolves when its holder lets go; undefined while nobody holds it. */
  held?: Promise<void>;
  private free?: () => void;

  /** Resolves once nobody holds it (at once when nobody does). */
  async settled(): Promise<void> {
    while (this.held) await this.held;
  }

  async lock(): Promise<void> {
    // Checked and taken in one step: an awaited helper between the two would let two callers take it.
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.free = resolve));
  }

  unlock(): void {
    const free = this.free;
    this.held = this.free = undefined;
    free?.();
  }
}

/** One use of the connection by Kysely: a statement, or a transaction (`owns`: it holds the connection). */
class SqliteUse implements DatabaseConnection {
  owns = false;

  constructor(private driver: SqliteTurnsDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('SQLite statements are not streamed here');
  }
}

/**
 * Kysely's driver for the one SQLite connection. Transactions begin IMMEDIATE, holding the write lock from their
 * first statement: what a transaction reads before it writes is still current when it writes, also against another
 * process on the same file (a deferred BEGIN would only fail then). A transaction, and a write outside one, hold the
 * connection (one at a time) and, in a worker of `WORKERS=N`, first wait for the write lock's turn (core/write-turns.ts)
 * with the event loop free: run at once while another worker writes, a statement would wait in `busy_timeout` with it
 * stopped. A read outside a transaction waits for the one holding the connection, never for a write waiting for its
 * turn (as Kysely's own driver had it, the connection taken first: under an import a worker's reads waited for the
 * other worker's batches).
 */
class SqliteTurnsDriver implements Driver {
  private readonly connection = new Mutex();

  constructor(
    private readonly main: Statements & { raw: Database.Database },
    private readonly turns?: WriteTurns,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteUse(this);
  }

  async execute(use: SqliteUse, query: CompiledQuery): Promise<QueryResult<any>> {
    const stmt = this.main.prepare(query.sql);
    if (use.owns) return runStatement(stmt, query);
    if (stmt.readonly) {
      // After the transaction holding the connection, as Kysely's own driver has it: the write lock it holds is
      // every worker's, and it ends sooner with the reads behind it than among them.
      await this.connection.settled();
      return runStatement(stmt, query);
    }
    await this.hold(use);
    try {
      return runStatement(stmt, query);
    } finally {
      this.release(use);
    }
  }

  /** One of the transaction's own statements (BEGIN, COMMIT, ROLLBACK). */
  private control(text: 'begin immediate' | 'commit' | 'rollback'): void {
    this.main.prepare(text).run();
  }

  private async hold(use: SqliteUse): Promise<void> {
    await this.turns?.take();
    await this.connection.lock();
    use.owns = true;
  }

  private release(use: SqliteUse): void {
    if (!use.owns) return;
    use.owns = false;
    this.connection.unlock();
    this.turns?.give();
  }

  async beginTransaction(use: DatabaseConnection): Promise<void> {
    const own = use as SqliteUse;
    await this.hold(own);
    try {
      this.control('begin immediate');
    } catch (e) {
      this.release(own);
      throw e;
    }
  }

  async commitTransaction(use: DatabaseConnection): Promise<void> {
    this.control('commit');
    this.release(use as SqliteUse);
  }

  async rollbackTransaction(use: DatabaseConnection): Promise<void> {
    try {
      if (this.main.raw.inTransaction) this.control('rollback');
    } finally {
      this.release(use as SqliteUse);
    }
  }

  async savepoint(use: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await savepointCommand(use, 'savepoint', name, compile);
  }

  async rollbackToSavepoint(use: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await savepointCommand(use, 'rollback to', name, compile);
  }

  async releaseSavepoint(use: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await savepointCommand(use, 'release', name, compile);
  }

  /** A transaction's end left its use holding the connection (a failed COMMIT, which Kysely rolls back). */
  async releaseConnection(use: DatabaseConnection): Promise<void> {
    this.release(use as SqliteUse);
  }

  async destroy(): Promise<void> {
    this.main.raw.close();
  }
}

/** Statements kept prepared per connection; texts that vary (IN lists, multi-row VALUES) push the oldest out. */
const STATEMENT_CACHE = 500;

/**
 * The connection as Kysely's driver sees it, its statements prepared once per text: the driver prepares every
 * statement anew (about 0.3 ms of a write's CPU in a profile under load). One connection runs one statement at a
 * time, so a cached statement is never in use twice.
 */
function preparingOnce(raw: Database.Database): Statements {
  const cache = new Map<string, Database.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) return stmt;
      stmt = raw.prepare(sql);
      if (cache.size >= STATEMENT_CACHE) for (const oldest of cache.keys()) if (cache.delete(oldest)) break;
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** `turns`: the write lock's turns this process takes (a worker of `WORKERS=N` on one file; a test's own). */
export function connectSqlite(file: string, timed = false, turns = turnsFromPrimary()): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('synchronous = NORMAL');
  // A worker of WORKERS=N: the primary's thread copies the WAL into the file (core/checkpointer.ts), not whichever
  // commit here finds it long.
  if (turns) raw.pragma('wal_autocheckpoint = 0');
  const hooks = new WriteHooks();
  // Another process on the file (a second worker, `npm run grow`, a restore) committed: `data_version` changed on
  // this connection. What it wrote is not said, so every cache drops what it holds.
  const allTables = Object.values(tableNames);
  // One prepared statement: `raw.pragma()` prepares its text anew on each call, and caches look here on every request.
  const dataVersion = raw.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  hooks.sync = () => {
    const now = dataVersion.get();
    if (now === seen) return;
    seen = now;
    allTables.forEach((t) => hooks.emitRemote(t));
  };
  // A transaction spanning a turn of the event loop has written rows that are not committed yet: a read on the same
  // connection would see them (and they may still roll back). Such reads go to a read-only connection on the same
  // file, which sees the last commit (WAL). Opened on first need; with no transaction open, reads never come here.
  let reader: { raw: Database.Database; statements: Map<string, (params: unknown[]) => unknown[]> } | undefined;
  const readConnection = () => {
    if (!reader) {
      const r = new Database(file, { readonly: true, fileMustExist: true });
      r.pragma('busy_timeout = 5000');
      reader = { raw: r, statements: new Map() };
    }
    return reader;
  };
  const driver = new SqliteTurnsDriver({ ...preparingOnce(raw), raw }, turns);
  const dialect = capturingWrites(
    {
      createAdapter: () => new SqliteAdapter(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createDriver: () => driver,
    },
    { lockRows: false, written: (table) => hooks.emit(table) },
  );
  const kysely = new Kysely<Tables>({ dialect, log: timing(timed, () => db) });
  const statements = new Map<string, (params: unknown[]) => unknown[]>();
  const own = contextKey<true>('owning');
  const main = { raw, statements };
  const db: Db = {
    dialect: 'sqlite',
    kysely,
    hooks,
    writing: () => raw.inTransaction,
    owning: (fn) => own.run(true, fn),
    async all<T>(sql: string, params: readonly unknown[]) {
      // Checked only while a transaction is open: the reads of an idle connection take no extra step.
      const conn = raw.inTransaction && !own.get() ? readConnection() : main;
      let run = conn.statements.get(sql);
      if (!run) {
        run = prepared(conn.raw.prepare(sql));
        conn.statements.set(sql, run);
      }
      if (!db.onQuery) return run(params as unknown[]) as T[];
      const started = performance.now();
      const rows = run(params as unknown[]) as T[];
      db.onQuery(sql, performance.now() - started);
      return rows;
    },
    async close() {
      reader?.raw.close();
      await kysely.destroy(); // closes `raw` too
    },
    async backup(target: string) {
      await raw.backup(target, { progress: () => BACKUP_STEP_PAGES });
    },
  };
  return db;
}

/** int8 → number, numeric → float, timestamps → ISO strings; scoped to this pool, not global. */
const pgTypes = {
  getTypeParser(oid: number, format?: string): any {
    switch (oid) {
      case 20: // int8
        return (v: string) => Number(v);
      case 1700: // numeric
        return (v: string) => Number.parseFloat(v);
      case 1184: // timestamptz
        return isoOfTimestamptz;
      case 1114: // timestamp without time zone: stored as UTC
        return (v: string) => new Date(`${v.replace(' ', 'T')}Z`).toISOString();
      case 1082: // date: keep `YYYY-MM-DD`, no time zone shift
        return (v: string) => v;
      default:
        return pg.types.getTypeParser(oid, format as 'text');
    }
  },
};

/** How long a round trip on the LISTEN connection may take before it is given up and made anew (ms). */
const PING_TIMEOUT_MS = 5000;

/** The channel server processes sharing a PostgreSQL database tell each other which tables they wrote on. */
const WRITES_CHANNEL = 'mpa_writes';

/**
 * Keeps this process's caches (list totals, accounts) in step with writes made by other processes on the same
 * database: each process NOTIFYs the tables it wrote (after its statements, and again once a transaction ended) and
 * LISTENs on a connection of its own; a (re)connected listener drops every cache, as it may have missed some.
 */
function shareWrites(url: string, pool: pg.Pool, hooks: WriteHooks, allTables: string[]): () => Promise<void> {
  const origin = randomUUID();
  let closed = false;
  hooks.hearing = false; // until the first LISTEN
  let client: pg.Client | undefined;
  hooks.broadcast = async (written) => {
    if (closed) return;
    await pool
      .query('SELECT pg_notify($1, $2)', [WRITES_CHANNEL, JSON.stringify({ o: origin, t: written })])
      .catch(() => {});
  };
  // A query on the LISTEN connection is answered only after PostgreSQL has delivered every notification committed
  // before it was sent (a listening backend reads its queue before it goes idle), and node-pg emits them before it
  // resolves the query. One such round trip at a time (an empty query), shared: a caller waits for one sent after
  // `since`, the time its request came in (or for none, when one sent since has been answered).
  let heardAsOf = -Infinity;
  let sent: { at: number; done: Promise<boolean> } | undefined;
  let upcoming: Promise<boolean> | undefined;
  const ping = (): Promise<boolean> => {
    const c = client;
    if (!c || !hooks.hearing) return Promise.resolve(false);
    const at = performance.now();
    let timer: NodeJS.Timeout | undefined;
    // A listener that stopped answering (a network cut the socket has not noticed) must not hold every request.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the LISTEN connection did not answer')), PING_TIMEOUT_MS).unref();
    });
    const done: Promise<boolean> = Promise.race([c.query(';'), late]).then(
      () => {
        const ok = hooks.hearing && client === c;
        if (ok) heardAsOf = Math.max(heardAsOf, at);
        return ok;
      },
      () => {
        // Heard nothing since: a new connection (the `end` handler below) starts over, its caches emptied.
        hooks.hearing = false;
        void c.end().catch(() => {});
        return false;
      },
    );
    void done.finally(() => {
      clearTimeout(timer);
      if (sent?.done === done) sent = undefined;
    });
    sent = { at, done };
    return done;
  };
  hooks.barrier = (since) => {
    if (heardAsOf >= since) return Promise.resolve(true);
    if (sent && sent.at >= since) return sent.done;
    // Sent once the requests read in this turn of the event loop have all asked (its check phase), after the one
    // in flight: its answer is read in the next turn, so a request waits one turn, whatever came in with it.
    upcoming ??= new Promise<void>((r) => setImmediate(r))
      .then(() => sent?.done)
      .then(() => {
        upcoming = undefined;
        return ping();
      });
    return upcoming;
  };
  const listen = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    c.on('end', () => {
      // Notifications sent until the next LISTEN are lost: caches are not to be trusted meanwhile.
      hooks.hearing = false;
      heardAsOf = -Infinity;
      if (client === c) client = undefined;
      if (!closed) setTimeout(() => void listen(), 1000);
    });
    c.on('notification', (msg) => {
      try {
        const { o, t } = JSON.parse(msg.payload ?? '{}') as { o?: string; t?: string[] };
        if (o !== origin) for (const table of t ?? []) hooks.emitRemote(table);
      } catch {
        /* not ours */
      }
    });
    try {
      await c.connect();
      // Closed while connecting: the connection must not outlive the database handle.
      if (closed) return void (await c.end());
      await c.query(`LISTEN ${WRITES_CHANNEL}`);
      client = c;
      allTables.forEach((t) => hooks.emitRemote(t));
      hooks.hearing = true;
    } catch {
      await c.end().catch(() => {});
    }
  };
  let first: Promise<unknown> = listen();
  return async () => {
    closed = true;
    await first; // a connection still being made ends itself (above)
    first = Promise.resolve();
    await client?.end().catch(() => {});
  };
}

/** Connections background work keeps beside the requests' pool (its lanes, the synchronous import, a heartbeat). */
const BACKGROUND_CONNECTIONS = 4;

function connectPostgres(url: string, timed: boolean, connections: number): Db {
  const hooks = new WriteHooks();
  const pool = postgresPool(url, connections);
  const stopSharing = shareWrites(url, pool, hooks, Object.values(tableNames));
  const db = postgresHandle(pool, hooks, timed, () => db);
  let background: Db | undefined;
  // Made on first use (a pool opens connections only as it needs them, but a handle is still a Kysely instance).
  Object.defineProperty(db, 'background', {
    get: () => (background ??= postgresHandle(postgresPool(url, BACKGROUND_CONNECTIONS), hooks, timed, () => db)),
  });
  db.close = async () => {
    await stopSharing();
    await background?.close();
    await db.kysely.destroy(); // ends the pool
  };
  return db;
}

function postgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types: pgTypes });
  pool.on('error', () => {}); // idle client errors must not crash the process
  return pool;
}

/** Kysely and the raw read path over `pool`; statements are timed into `metered()`'s `onQuery`. */
function postgresHandle(pool: pg.Pool, hooks: WriteHooks, timed: boolean, metered: () => Db): Db {
  const dialect = capturingWrites(new PostgresDialect({ pool }), {
    lockRows: true,
    written: (table) => hooks.emit(table),
  });
  const kysely = new Kysely<Tables>({ dialect, log: timing(timed, metered) });
  const names = new Map<string, { name: string; text: string }>();
  return {
    dialect: 'postgres',
    kysely,
    hooks,
    async all<T>(sql: string, params: readonly unknown[]) {
      let prepared = names.get(sql);
      if (!prepared) {
        prepared = { name: `q${names.size + 1}`, text: toDollar(sql) };
        names.set(sql, prepared);
      }
      const onQuery = metered().onQuery;
      const started = onQuery && performance.now();
      const res = await pool.query({ ...prepared, values: params as unknown[] });
      if (started !== undefined) onQuery?.(sql, performance.now() - started);
      return res.rows as T[];
    },
    async close() {
      await kysely.destroy(); // ends the pool
    },
  };
}

/** `?` → `$1, $2…` outside quoted strings. */
export function toDollar(sql: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = '';
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

/** Identifier quoting shared by the raw SQL builders (both dialects accept double quotes). */
export const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/**
 * `SELECT … FOR UPDATE` on PostgreSQL: the rows stay as read until the transaction ends, and a concurrent writer
 * waits (under READ COMMITTED a plain read inside a transaction may be stale by the time it writes). SQLite has no
 * row locks and needs none: its write transactions run one at a time (BEGIN IMMEDIATE).
 */
export function forUpdate<QB extends { forUpdate(): QB }>(dialect: Dialect, qb: QB): QB {
  return dialect === 'postgres' ? qb.forUpdate() : qb;
}

/**
 * Makes the transaction's callers of `name` take turns until it ends (PostgreSQL transaction-level advisory lock;
 * SQLite's write transactions already take turns). A check over many rows taken after it sees every write committed
 * by an earlier holder, so two transactions cannot each pass it on the state the other is changing.
 */
export async function lockNamed(dialect: Dialect, trx: QueryExecutorProvider, name: string): Promise<void> {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/** PostgreSQL's "run it again": a serialization failure (40001) or the victim of a deadlock (40P01). */
const isConflict = (e: unknown) => ['40001', '40P01'].includes(String((e as { code?: unknown })?.code));

/** Runs a whole transaction again when PostgreSQL aborted it for a conflict with another one (a few times). */
export async function retryConflicts<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= tries || !isConflict(e)) throw e;
    }
  }
}
