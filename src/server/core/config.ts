import os from 'node:os';
import path from 'node:path';
import { API_BASE, DEFAULT_PORT } from '../../shared/constants.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Mount point of every API route, e.g. `/api`. */
  apiBase: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; empty means SQLite in `dataDir`. */
  databaseUrl?: string;
  /**
   * PostgreSQL connections a process's requests use at most (`PG_POOL`, default 4). Each running statement is a
   * PostgreSQL process: more of them than the cores serve no more requests, and each takes a share of the CPU from a
   * background job's one connection (an import beside fifty readers moved at 44-55 % of its idle rate with 10, 49-60 %
   * with 4, bench/RESULTS.md).
   */
  pgPool: number;
  /** SQLite file; defaults to `<dataDir>/marketplace.db`. */
  sqliteFile?: string;
  jwtSecret?: string;
  demo: boolean;
  /** Password of the first `admin` outside demo mode (else one is generated and printed once). */
  adminPassword?: string;
  uiDir: string;
  /** Check role resources (URL patterns) on every API call. */
  enforceResources: boolean;
  /** Fastify logger on/off (tests keep it quiet). */
  logger: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses, CIDRs or proxy-addr's names such as
   * `loopback`, comma-separated): the caller's address for audit, click records and throttles. Only the local
   * machine by default, so a remote client cannot claim another address.
   */
  trustProxy: string;
  /** Accounts one address may register per hour (REGISTER_LIMIT). */
  registerLimit: number;
  /**
   * List rows kept per table between its writes (PAGE_CACHE_ROWS, default 2000; 0: none): a page asked again costs no
   * statement. A product row is about 1.5 KB held.
   */
  pageCacheRows: number;
  /** On SIGTERM/SIGINT, how long in-flight requests may take to finish before their connections are cut (ms). */
  shutdownTimeout: number;
  /**
   * On SIGTERM/SIGINT, how long the server goes on taking connections, unready, before it stops listening
   * (SHUTDOWN_DELAY, a duration, default 0): time for a load balancer's health check to see it unready and send no
   * more, so that no connection of its arrives just as the listening socket closes (which resets it).
   */
  shutdownDelay: number;
  /**
   * bcrypt's cost factor for new password hashes (PASSWORD_HASH_COST, 4–15, default 10): each step doubles the work of
   * a login. Hashes keep the cost they were made with, so changing it never locks anyone out.
   */
  passwordHashCost: number;
  /** Back-pressure: when to answer 503 at once instead of queueing (core/pressure.ts). */
  pressure: PressureConfig;
  /** `GET <apiBase>/metrics` answers only with `Authorization: Bearer <metricsToken>`; unset: no metrics route. */
  metricsToken?: string;
  /** Periodic SQLite backups made by the server (core/backup.ts). */
  backup: BackupConfig;
  /** Background imports and exports (core/jobs.ts). */
  jobs: JobsSettings;
  /** What one account may put on the server's disk, and the free space every write leaves (README "Quotas"). */
  quotas: QuotaSettings;
  /** Server processes sharing the port (WORKERS, default: the machine's cores; 1: this process serves alone). */
  workers: number;
}

export interface JobsSettings {
  /** Milliseconds between two looks for queued jobs another process queued (JOB_POLL, default 1s). */
  poll: number;
  /** How long a finished export's file is kept (JOB_KEEP, a duration, default 1d). */
  keep: number;
  /**
   * Rows a job handles between two progress reports and turns of the event loop, and an import stores in one
   * transaction (JOB_BATCH, default 1000: on SQLite each transaction waits for the write lock's turn, behind the other
   * workers' writes, and under load 500 a batch stored at half the rate; on PostgreSQL each of a batch's dozen round
   * trips waits a turn of a busy event loop, whatever its size).
   */
  batch: number;
  /** Jobs one process runs at a time (JOB_LANES, default 2). */
  lanes: number;
  /** Milliseconds a job rests after each batch, leaving the database to requests (JOB_REST, default 0). */
  rest: number;
  /** Milliseconds a job may hold the event loop before it lets requests run, within a batch too (JOB_SLICE, 5). */
  slice: number;
  /**
   * How long a running job stays its process's untouched (JOB_LEASE, a duration, default 1m; touched six times a
   * lease): a job whose process died (kill -9, a lost host) is taken over by another process once it runs out.
   */
  lease?: number;
}

export const DEFAULT_JOB_LEASE = 60_000;

export interface QuotaSettings {
  /** Bytes one account may upload in any hour (UPLOAD_QUOTA, a size, default 100MiB; 0: no limit). */
  uploadBytesPerHour: number;
  /** Jobs (imports and exports) one account may have queued or running at once (JOB_QUOTA, default 10; 0: no limit). */
  jobs: number;
  /** Finished exports' files kept per account: a new export removes the oldest beyond (EXPORT_QUOTA, default 10). */
  exportFiles: number;
  /**
   * Free space DATA_DIR's disk keeps (DISK_FLOOR: a size such as `512MiB`, or a share such as `5%`; default 512MiB;
   * 0: no floor): an upload, import or export that would leave less is refused.
   */
  diskFloor: { bytes: number } | { percent: number };
}

/** Back-pressure limits (core/pressure.ts); 0 turns a check off. Sampled every `sampleInterval` ms. */
export interface PressureConfig {
  /** Mean event-loop delay over the last sample (ms) above which requests are refused. */
  maxEventLoopDelay: number;
  /** Event-loop utilization over the last sample (0..1) above which requests are refused. */
  maxEventLoopUtilization: number;
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  sampleInterval: number;
  /** Seconds the 503 answer's Retry-After asks the client to wait. */
  retryAfter: number;
}

export interface BackupConfig {
  /** Milliseconds between two copies; 0: no periodic backup. */
  every: number;
  /** How many of the newest periodic copies are kept in `dir`. */
  keep: number;
  /** Defaults to `<dataDir>/backups`. */
  dir?: string;
}

/** Reads the environment once; every option can be overridden by the caller (tests). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const apiBase = normalizeBase(env.API_BASE ?? API_BASE);
  const demo = env.DEMO !== '0';
  return {
    port: Number(env.PORT ?? DEFAULT_PORT),
    // Demo mode has well-known passwords: reachable from this machine only unless HOST says otherwise.
    host: env.HOST || (demo ? '127.0.0.1' : '0.0.0.0'),
    apiBase,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgPool: positiveInt(env.PG_POOL) ?? 4,
    jwtSecret: env.JWT_SECRET || undefined,
    demo,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    uiDir: path.resolve(env.UI_DIR ?? 'dist/admin'),
    enforceResources: env.ENFORCE_RESOURCES !== '0',
    logger: env.LOG !== '0',
    trustProxy: env.TRUST_PROXY || 'loopback',
    registerLimit: Number(env.REGISTER_LIMIT) > 0 ? Number(env.REGISTER_LIMIT) : 10,
    pageCacheRows: nonNegative(env.PAGE_CACHE_ROWS, 2000),
    shutdownTimeout: env.SHUTDOWN_TIMEOUT && Number(env.SHUTDOWN_TIMEOUT) >= 0 ? Number(env.SHUTDOWN_TIMEOUT) : 10_000,
    shutdownDelay: duration(env.SHUTDOWN_DELAY),
    passwordHashCost: hashCost(env.PASSWORD_HASH_COST),
    sqliteFile: env.SQLITE_FILE ? path.resolve(env.SQLITE_FILE) : undefined,
    // The delay is the mean of one reading per 10 ms: over 5 s, one long synchronous statement (a big import, a
    // migration) is one reading among hundreds and does not trip it; only a loop that lags half a second turn after
    // turn does (requests then wait seconds for the CPU). Utilization, heap and RSS checks are off unless set.
    pressure: {
      maxEventLoopDelay: nonNegative(env.PRESSURE_MAX_DELAY, 500),
      maxEventLoopUtilization: nonNegative(env.PRESSURE_MAX_ELU, 0),
      maxHeapUsedBytes: nonNegative(env.PRESSURE_MAX_HEAP_MB, 0) * 1024 * 1024,
      maxRssBytes: nonNegative(env.PRESSURE_MAX_RSS_MB, 0) * 1024 * 1024,
      sampleInterval: nonNegative(env.PRESSURE_SAMPLE_MS, 5000) || 5000,
      retryAfter: nonNegative(env.PRESSURE_RETRY_AFTER, 5) || 5,
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    backup: {
      every: duration(env.BACKUP_EVERY),
      keep: nonNegative(env.BACKUP_KEEP, 7) || 7,
      dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    },
    jobs: {
      poll: duration(env.JOB_POLL) || 1000,
      keep: duration(env.JOB_KEEP) || 86_400_000,
      batch: nonNegative(env.JOB_BATCH, 0) || 1000,
      lanes: positiveInt(env.JOB_LANES) ?? 2,
      rest: duration(env.JOB_REST) || 0,
      slice: nonNegative(env.JOB_SLICE, 5) || 5,
      lease: duration(env.JOB_LEASE) || DEFAULT_JOB_LEASE,
    },
    quotas: {
      uploadBytesPerHour: size(env.UPLOAD_QUOTA) ?? 100 * MiB,
      jobs: nonNegative(env.JOB_QUOTA, 10),
      exportFiles: positiveInt(env.EXPORT_QUOTA) ?? 10,
      diskFloor: floor(env.DISK_FLOOR),
    },
    workers: positiveInt(env.WORKERS) ?? os.availableParallelism(),
    ...overrides,
  };
}

function positiveInt(raw: string | undefined): number | undefined {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A bcrypt cost bcrypt accepts and a login can afford: 4–15, else the default 10. */
function hashCost(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 4 && n <= 15 ? n : 10;
}

/** `api/` → `/api`; `/` → `` (API at the root). */
function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function nonNegative(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `30m`, `6h`, `1d` or plain milliseconds → ms; empty or `0` → 0 (off). */
export function duration(raw: string | undefined): number {
  if (!raw?.trim()) return 0;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(raw);
  if (!m) throw new Error(`Not a duration: ${raw} (say e.g. 30m, 6h or 1d)`);
  return Math.round(Number(m[1]) * UNITS[m[2] ?? 'ms']);
}

const MiB = 1024 * 1024;
const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: MiB, mb: MiB, mib: MiB };
SIZE_UNITS.g = SIZE_UNITS.gb = SIZE_UNITS.gib = 1024 * MiB;

/** `512MiB`, `100MB`, `2G`, or plain bytes → bytes (binary multiples whatever the spelling); empty → undefined. */
export function size(raw: string | undefined): number | undefined {
  if (!raw?.trim()) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(raw);
  const unit = m ? SIZE_UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) throw new Error(`Not a size: ${raw} (say e.g. 512MiB, 2GiB or a number of bytes)`);
  return Math.round(Number(m[1]) * unit);
}

/** DISK_FLOOR: `5%` of the disk, or a size; default 512 MiB. */
function floor(raw: string | undefined): QuotaSettings['diskFloor'] {
  const share = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(raw ?? '');
  if (share && Number(share[1]) <= 100) return { percent: Number(share[1]) };
  return { bytes: size(raw) ?? 512 * MiB };
}
