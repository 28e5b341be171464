import type { FastifyReply, FastifyRequest } from 'fastify';
import cluster from 'node:cluster';
import { CompiledQuery, sql } from 'kysely';
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Db } from './db.js';
import { Messages } from '../../shared/messages.js';
import { ApiError } from './envelope.js';
import { codeOf } from './thrown.js';
import { ResultCode } from '../../shared/envelope.js';

/** At most `attempts` in a `window` (seconds); past it the key is refused for `block` seconds. */
interface Limit {
  attempts: number;
  window: number;
  block: number;
}

/**
 * Login limits after OWASP's authentication guidance: guesses are slowed per address and per account and address,
 * and the account-wide limit never refuses the right password from an address that has not guessed wrong, so an
 * attacker cannot lock the owner (or the admin) out. The README's Security section states them.
 */
const limits = {
  /** Wrong passwords for one account from one address: 5 in 15 minutes block the pair for 5 minutes. */
  accountIp: { attempts: 5, window: 15 * 60, block: 5 * 60 },
  /**
   * Wrong passwords for one account from anywhere: past 30 in an hour, an address with a wrong password for the
   * account in its last 15 minutes is refused for it (`block` is not used: the pair's window is).
   */
  account: { attempts: 30, window: 60 * 60, block: 0 },
  /** Wrong passwords from one address over any accounts: 100 in an hour block the address for 15 minutes. */
  ip: { attempts: 100, window: 60 * 60, block: 15 * 60 },
  /** Accounts registered from one address in an hour. */
  register: { attempts: 10, window: 60 * 60, block: 0 },
  /** Referral-link clicks from one address: 30 a minute, then a minute's block. */
  click: { attempts: 30, window: 60, block: 60 },
} satisfies Record<string, Limit>;

export type ThrottleLimits = typeof limits;

/** The limits, with the registrations per address per hour of the configuration. */
export const throttleLimits = (registerLimit: number): ThrottleLimits => ({
  ...limits,
  register: { ...limits.register, attempts: registerLimit },
});

const tooMany = (reply: FastifyReply, msBeforeNext: number): ApiError => {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  void reply.header('retry-after', String(seconds));
  return new ApiError(ResultCode.FAILED, Messages.tooManyAttempts, { retryAfter: seconds });
};

/** PostgreSQL's table of the counters (not a schema's entity: rate-limiter-flexible's own rows). */
const TABLE = 'throttle_counts';

/** Where the counters live: the database, or this process's memory (or the primary's for WORKERS > 1). */
export type ThrottleStore = { postgres: Db } | undefined;

/**
 * rate-limiter-flexible's PostgreSQL store as a `pg` client: its statements run through Kysely's pool, the server's
 * own connections (raw SQL: no audit entry, no cache drop).
 */
const pgClient = (db: Db) => ({
  async query(q: { text: string; values?: unknown[] }) {
    const res = await db.kysely.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
    return { rows: res.rows, rowCount: Number(res.numAffectedRows ?? res.rows.length) };
  },
});

/** Creates the counters' table once; two processes starting together may both try. */
async function createTable(db: Db): Promise<void> {
  try {
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(TABLE)} (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0,
      expire bigint)`.execute(db.kysely);
  } catch (e) {
    if (!['23505', '42P07'].includes(String(codeOf(e)))) throw e;
  }
}

/**
 * Attempts per key counted in a fixed window (rate-limiter-flexible). On PostgreSQL the counts are rows of the
 * database, so every process and host sharing it counts in one place; else in memory (this process's, or the
 * primary's for all worker processes). An attempt is counted first and judged by the count it made (one atomic
 * upsert), so attempts sent together, to one process or several, cannot all pass. The first attempt past the limit
 * starts the key's block, which replaces the window: after it the key starts afresh.
 */
class Counter {
  private rl: RateLimiterAbstract;

  constructor(
    prefix: string,
    private limit: Limit,
    store: ThrottleStore,
    sweep: boolean,
  ) {
    const options = { keyPrefix: prefix, points: limit.attempts, duration: limit.window };
    this.rl = store
      ? new RateLimiterPostgres({
          ...options,
          storeClient: pgClient(store.postgres),
          storeType: 'client',
          tableName: TABLE,
          tableCreated: true,
          // One sweep of long-expired rows per process is enough for the shared table.
          clearExpiredByTimeout: sweep,
        })
      : cluster.isWorker
        ? new RateLimiterCluster(options)
        : new RateLimiterMemory(options);
  }

  /**
   * Counts one attempt: the attempts counted with it, the milliseconds the key must wait (0 while within the limit;
   * the first attempt past it starts the block) and those before its count is forgotten.
   */
  async charge(key: string): Promise<{ count: number; wait: number; ms: number }> {
    const res = await this.rl.penalty(key);
    const count = res.consumedPoints;
    const ms = Math.max(1, res.msBeforeNext);
    if (count <= this.limit.attempts) return { count, wait: 0, ms };
    if (count === this.limit.attempts + 1 && this.limit.block > 0)
      return { count, wait: (await this.rl.block(key, this.limit.block)).msBeforeNext, ms };
    return { count, wait: ms, ms };
  }

  /** Refuses (too many attempts, with retry-after) past the limit; the attempt is counted either way. */
  async take(key: string, reply: FastifyReply): Promise<void> {
    const { wait } = await this.charge(key);
    if (wait) throw tooMany(reply, wait);
  }

  /** An attempt that turned out fine, or was refused for another key's limit, is not held against the key. */
  async refund(key: string): Promise<void> {
    if ((await this.rl.get(key))?.consumedPoints) await this.rl.reward(key);
  }

  async reset(key: string): Promise<void> {
    await this.rl.delete(key);
  }
}

/** Login, registration and referral-click throttles of one app. */
export class Throttle {
  private accountIp: Counter;
  private account: Counter;
  private ip: Counter;
  private register: Counter;
  private click: Counter;

  constructor(
    private limits: ThrottleLimits = limits,
    store?: ThrottleStore,
  ) {
    this.accountIp = new Counter('login-account-ip', limits.accountIp, store, true);
    this.account = new Counter('login-account', limits.account, store, false);
    this.ip = new Counter('login-ip', limits.ip, store, false);
    this.register = new Counter('register', limits.register, store, false);
    this.click = new Counter('referral-click', limits.click, store, false);
  }

  /** The throttles of a server on `db`: counted in PostgreSQL when it is the database (its table made first). */
  static async open(db: Db, limits: ThrottleLimits): Promise<Throttle> {
    if (db.dialect !== 'postgres') return new Throttle(limits);
    await createTable(db);
    return new Throttle(limits, { postgres: db });
  }

  /**
   * Before checking a password: the attempt is counted at once against the address, the account-and-address pair
   * and the account (guesses sent together cannot all get past the check) and refused while the address or the pair
   * is past its limit, or while the account is past its own and this address had guessed wrong for it lately.
   * A refused attempt is taken back from the counts it did not exceed; `loggedIn` takes back a right one.
   */
  async beforeLogin(req: FastifyRequest, reply: FastifyReply, username: string): Promise<void> {
    const name = username.toLowerCase();
    const pairKey = `${name}|${req.ip}`;
    const [ip, pair, account] = await Promise.all([
      this.ip.charge(req.ip),
      this.accountIp.charge(pairKey),
      this.account.charge(name),
    ]);
    let wait = Math.max(ip.wait, pair.wait);
    // The counts before this attempt: the account past its limit, and this address's earlier wrong guesses at it.
    if (!wait && account.count - 1 >= this.limits.account.attempts && pair.count - 1 > 0) wait = pair.ms;
    if (!wait) return;
    await Promise.all([
      ip.wait ? undefined : this.ip.refund(req.ip),
      pair.wait ? undefined : this.accountIp.refund(pairKey),
      this.account.refund(name),
    ]);
    throw tooMany(reply, wait);
  }

  /** A right password: the attempt is not held against the account or the address; the pair's run starts again. */
  async loggedIn(req: FastifyRequest, username: string): Promise<void> {
    const name = username.toLowerCase();
    await Promise.all([this.accountIp.reset(`${name}|${req.ip}`), this.account.refund(name), this.ip.refund(req.ip)]);
  }

  /** Each registration attempt counts against the address. */
  async beforeRegister(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.register.take(req.ip, reply);
  }

  /** Each referral-link click counts against the address (a public route anyone can flood). */
  async beforeClick(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.click.take(req.ip, reply);
  }
}
