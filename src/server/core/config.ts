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
  /** On SIGTERM/SIGINT, how long in-flight requests may take to finish before their connections are cut (ms). */
  shutdownTimeout: number;
  /**
   * bcrypt's cost factor for new password hashes (PASSWORD_HASH_COST, 4–15, default 10): each step doubles the work of
   * a login. Hashes keep the cost they were made with, so changing it never locks anyone out.
   */
  passwordHashCost: number;
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
    jwtSecret: env.JWT_SECRET || undefined,
    demo,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    uiDir: path.resolve(env.UI_DIR ?? 'dist/admin'),
    enforceResources: env.ENFORCE_RESOURCES !== '0',
    logger: env.LOG !== '0',
    trustProxy: env.TRUST_PROXY || 'loopback',
    registerLimit: Number(env.REGISTER_LIMIT) > 0 ? Number(env.REGISTER_LIMIT) : 10,
    shutdownTimeout: env.SHUTDOWN_TIMEOUT && Number(env.SHUTDOWN_TIMEOUT) >= 0 ? Number(env.SHUTDOWN_TIMEOUT) : 10_000,
    passwordHashCost: hashCost(env.PASSWORD_HASH_COST),
    ...overrides,
  };
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
