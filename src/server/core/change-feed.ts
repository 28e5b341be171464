import { entities } from '../../../generated/entities.js';
import { crudPath } from '../../shared/crud-paths.js';
import { MAX_NEW_IDS, type LiveEventName } from '../../shared/live-changes.js';
import { canAccess, tenancyAllows } from './access.js';
import type { AuthUser, TokenClaims } from './auth.js';
import type { AuthUsers } from './auth-users.js';
import type { Db } from './db.js';
import { outsideArrival } from './write-hooks.js';
import { dynamic } from './crud/dynamic.js';
import { runtimeOf, type EntityRuntime } from './crud/runtime.js';
import { versionOf } from './crud/versions.js';

/** How often, while a stream is open, SQLite's change counter is read and a stopped listener noticed. */
const TICK_MS = 250;
/** A comment line this often keeps proxies (HAProxy's `timeout tunnel`, nginx) from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** Writes are announced before their transaction commits, too: each look is taken again this much later. */
const SECOND_LOOK_MS = 750;
/** New rows read per look, over every shop (each caller then keeps its own). */
const NEW_ROWS_READ = 1000;

/** A record told as gone (deleted, or no longer the caller's to see). */
const GONE = -1;

/** One open stream: whose it is, what it watches and what it was last told. */
export interface FeedStream {
  claims: TokenClaims;
  user: AuthUser;
  /** entity → id → the version last known to the tab (sent by it, or told since); GONE once told gone. */
  rows: Map<string, Map<number, number>>;
  /** entity → the id after which rows count as new. */
  since: Map<string, number>;
  /** entity → the last `new` event sent, so an unchanged count is not sent again. */
  lastNew: Map<string, string>;
  send(event: LiveEventName, data: unknown): void;
  /** A comment line: nothing for the tab, traffic for the proxies between. */
  beat(): void;
  /** Ends the answer (a `bye` first unless the connection is already gone). */
  end(): void;
}

interface Looked {
  /** id → [shop, version] of the watched rows found. */
  rows: Map<number, [number | null, number | null]>;
  /** [id, shop] of rows past the smallest `since`, oldest first. */
  fresh: [number, number | null][];
  /** Whether `fresh` stopped at NEW_ROWS_READ. */
  cut: boolean;
}

const byTable = new Map(Object.values(entities).map((e) => [e.table, e.name]));

/**
 * Whether an account reads an entity's rows: the resource its list (or, without one, its record) needs, and the
 * tenancy rule; internal entities and those without a read route are never watched.
 */
export function readsEntity(user: AuthUser, name: string, enforceResources: boolean): boolean {
  const meta = entities[name];
  if (!meta || meta.internal || (!meta.crud.list && !meta.crud.get)) return false;
  const call = { method: 'GET', path: crudPath(meta.path, meta.crud.list ? 'list' : 'get', { id: 1 }), write: false };
  return (!enforceResources || canAccess(user, call)) && tenancyAllows(user, call);
}

/**
 * Feeds the change streams of this process from the writes every process already announces (core/write-hooks:
 * this process's own writes, PostgreSQL's NOTIFY from the others, SQLite's change counter): when a watched entity's
 * table is written, its watched rows are read again (id, shop, version) and its rows past the smallest `since`, once
 * for every stream, and each stream is told what changed among the rows it may see. Nothing is done for reads, and
 * nothing at all while no stream is open.
 */
export class ChangeFeed {
  private streams = new Set<FeedStream>();
  private dirty = new Set<string>();
  private again = new Set<string>();
  private timer?: ReturnType<typeof setTimeout>;
  private running?: Promise<void>;
  private ticker?: ReturnType<typeof setInterval>;
  private lastBeat = 0;

  constructor(
    private db: Db,
    private users: AuthUsers,
    private enforceResources: boolean,
    /** Its streams end once this is false (a shutdown): their tabs reconnect to a server still serving. */
    private serving: () => boolean,
  ) {
    db.hooks.on((table) => {
      const name = byTable.get(table);
      if (name && this.streams.size && this.watched(name)) this.mark(name);
    });
  }

  get size(): number {
    return this.streams.size;
  }

  readable(user: AuthUser, name: string): boolean {
    return readsEntity(user, name, this.enforceResources);
  }

  /**
   * Starts a stream: its `since` made concrete and said (`hello`), then what changed already while it was not
   * connected.
   */
  async open(stream: FeedStream): Promise<void> {
    for (const [name, from] of stream.since)
      if (from < 0) stream.since.set(name, await this.newest(runtimeOf(entities[name])));
    const rows = [...stream.rows].flatMap(([name, ids]) => [...ids.keys()].map((id) => `${name}.${id}`));
    stream.send('hello', { since: Object.fromEntries(stream.since), rows });
    this.streams.add(stream);
    this.start();
    const names = new Set([...stream.rows.keys(), ...stream.since.keys()]);
    for (const name of names) await this.look(name, [stream]);
  }

  close(stream: FeedStream): void {
    this.streams.delete(stream);
    if (!this.streams.size) this.stop();
  }

  /** Ends every stream (the server is closing). */
  endAll(): void {
    for (const s of [...this.streams]) {
      this.streams.delete(s);
      s.end();
    }
    this.stop();
  }

  private start() {
    if (this.ticker) return;
    this.lastBeat = Date.now();
    this.ticker = setInterval(() => {
      if (!this.serving()) return this.endAll();
      // SQLite: another process's commit is seen here (WriteHooks.sync), and announced to `on` above. Looked at as
      // no request's work: the ticker was started by the first stream's request.
      outsideArrival(() => this.db.hooks.catchUp());
      if (Date.now() - this.lastBeat >= HEARTBEAT_MS) {
        this.lastBeat = Date.now();
        for (const s of this.streams) s.beat();
      }
    }, TICK_MS);
    this.ticker.unref();
  }

  private stop() {
    clearInterval(this.ticker);
    clearTimeout(this.timer);
    this.ticker = this.timer = undefined;
    this.dirty.clear();
    this.again.clear();
  }

  private watched(name: string): boolean {
    for (const s of this.streams) if (s.rows.has(name) || s.since.has(name)) return true;
    return false;
  }

  private mark(name: string) {
    this.dirty.add(name);
    this.again.add(name);
    this.timer ??= setTimeout(() => void this.flush(), 20);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (this.running) {
      await this.running;
      if (this.dirty.size) this.timer ??= setTimeout(() => void this.flush(), 0);
      return;
    }
    const names = [...this.dirty];
    this.dirty.clear();
    this.running = (async () => {
      for (const name of names) await this.look(name, [...this.streams]).catch(() => {});
    })();
    await this.running;
    this.running = undefined;
    // The same tables once more, a little later: a write announced before it committed is seen by then.
    const later = names.filter((n) => this.again.delete(n));
    if (later.length)
      setTimeout(() => {
        for (const n of later) if (this.streams.size && this.watched(n)) this.dirty.add(n);
        if (this.dirty.size) this.timer ??= setTimeout(() => void this.flush(), 0);
      }, SECOND_LOOK_MS).unref();
  }

  private async newest(rt: EntityRuntime): Promise<number> {
    const row = await dynamic(this.db.kysely)
      .selectFrom(rt.table)
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    return Number(row?.m ?? 0);
  }

  /** Reads `name`'s watched rows and new rows once, for `streams`, and tells each what it may see. */
  private async look(name: string, streams: FeedStream[]): Promise<void> {
    const meta = entities[name];
    const watching = streams.filter((s) => s.rows.has(name) || s.since.has(name));
    if (!meta || !watching.length) return;
    const rt = runtimeOf(meta);
    // Who each caller is now: a disabled account, or one whose session ended, hears no more.
    const users = new Map<FeedStream, AuthUser>();
    for (const s of watching) {
      const user = await this.users.get(s.claims.id, s.claims.version);
      if (!user) {
        this.close(s);
        s.end();
        continue;
      }
      s.user = user;
      if (this.readable(user, name)) users.set(s, user);
    }
    if (!users.size) return;
    const looked = await this.read(rt, [...users.keys()]);
    for (const [s, user] of users) if (this.streams.has(s)) this.tell(s, user, rt, looked);
  }

  private async read(rt: EntityRuntime, streams: FeedStream[]): Promise<Looked> {
    const tenant = rt.meta.tenant;
    const shopColumn = !tenant ? null : tenant === rt.meta.primaryKey ? 'id' : (rt.field.get(tenant)?.column ?? tenant);
    const version = versionOf(rt)?.column ?? null;
    const columns = ['id', ...(shopColumn ? [`${shopColumn} as s`] : []), ...(version ? [`${version} as v`] : [])];
    const ids = [...new Set(streams.flatMap((s) => [...(s.rows.get(rt.meta.name)?.keys() ?? [])]))];
    const k = dynamic(this.db.kysely);
    const rows = new Map<number, [number | null, number | null]>();
    for (let i = 0; i < ids.length; i += 500) {
      const found = await k
        .selectFrom(rt.table)
        .select(columns)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of found) rows.set(Number(r.id), [num(r.s), num(r.v)]);
    }
    const froms = streams.map((s) => s.since.get(rt.meta.name)).filter((v): v is number => v !== undefined);
    let fresh: [number, number | null][] = [];
    if (froms.length) {
      const found = await k
        .selectFrom(rt.table)
        .select(columns.slice(0, shopColumn ? 2 : 1))
        .where('id', '>', Math.min(...froms))
        .orderBy('id')
        .limit(NEW_ROWS_READ)
        .execute();
      fresh = found.map((r) => [Number(r.id), num(r.s)]);
    }
    return { rows, fresh, cut: fresh.length === NEW_ROWS_READ };
  }

  private tell(s: FeedStream, user: AuthUser, rt: EntityRuntime, looked: Looked): void {
    const name = rt.meta.name;
    const sees = (shop: number | null) =>
      !rt.meta.tenant || user.platform || (shop !== null && user.shopIds.includes(shop));
    const known = s.rows.get(name);
    if (known)
      for (const [id, told] of known) {
        const row = looked.rows.get(id);
        if (!row || !sees(row[0])) {
          if (told !== GONE) s.send('gone', { entity: name, id });
          known.set(id, GONE);
        } else if (row[1] !== null && row[1] !== told) {
          s.send('change', { entity: name, id, version: row[1] });
          known.set(id, row[1]);
        }
      }
    const since = s.since.get(name);
    if (since === undefined) return;
    const mine = looked.fresh.filter(([id, shop]) => id > since && sees(shop)).map(([id]) => id);
    const event = { entity: name, ids: mine.slice(0, MAX_NEW_IDS), more: mine.length > MAX_NEW_IDS || looked.cut };
    const text = JSON.stringify(event);
    if ((mine.length || s.lastNew.has(name)) && s.lastNew.get(name) !== text) {
      s.lastNew.set(name, text);
      s.send('new', event);
    }
  }
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
