/**
 * API test harness: boots the REAL app (buildApp) on a temp SQLite file, or on a fresh PostgreSQL database when
 * DATABASE_URL is set, listening on a random port. Reused by every API test file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Envelope } from '../../src/shared/envelope';
import { loadConfig, type ServerConfig } from '../../src/server/core/config';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { pgAdmin, pgUrl, seedsLikeTemplate, suiteEnv } from '../db-templates';

export type DialectName = 'sqlite' | 'postgres';

/** Dialects to run every API test against: SQLite always, PostgreSQL when DATABASE_URL is set. */
export const dialects: DialectName[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface ApiOptions {
  token?: string;
  /** Send `body` form-urlencoded instead of JSON. */
  form?: boolean;
  /** Query parameters appended to the path. */
  query?: Record<string, string | number | (string | number)[]>;
  /** More request headers (e.g. `If-Match`). */
  headers?: Record<string, string>;
}

export interface TestServer {
  /** Server root, e.g. http://127.0.0.1:41234 */
  url: string;
  /** API root, e.g. http://127.0.0.1:41234/api */
  base: string;
  config: ServerConfig;
  built: BuiltApp;
  api<T = any>(method: string, path: string, body?: unknown, opts?: ApiOptions): Promise<Envelope<T>>;
  /** Token of a successful login (throws otherwise). */
  login(username: string, password: string): Promise<string>;
  /** Stops and boots the app again on the same database (persistence checks). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  dialect?: DialectName;
  config?: Partial<ServerConfig>;
}

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const dialect = opts.dialect ?? 'sqlite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-api-'));
  const settings = loadConfig({}, { demo: true, ...opts.config });
  // A copy of the run's migrated demo database where this server would seed the same; else an empty one.
  const templates = seedsLikeTemplate(settings) ? inject('dbTemplates') : {};
  const pgDb = dialect === 'postgres' ? await createPgDatabase(templates.postgres) : null;
  if (dialect === 'sqlite' && templates.sqlite && !opts.config?.sqliteFile)
    fs.copyFileSync(templates.sqlite, path.join(dir, 'test.db'));
  const config = loadConfig(suiteEnv(), {
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    sqliteFile: path.join(dir, 'test.db'),
    databaseUrl: pgDb?.url,
    jwtSecret: 'test-secret',
    demo: true,
    uiDir: path.join(dir, 'no-ui'),
    logger: false,
    enforceResources: true,
    // Test files register many accounts from one address; test/api/throttle.test.ts checks the real limit.
    registerLimit: 10_000,
    ...opts.config,
  });

  let built = await buildApp(config);
  const listen = async () => {
    const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
    server.url = address;
    server.base = `${address}${config.apiBase}`;
  };

  const server: TestServer = {
    url: '',
    base: '',
    config,
    built,
    async api(method, p, body, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let payload: string | undefined;
      if (body !== undefined) {
        if (o.form) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = new URLSearchParams(body as Record<string, string>).toString();
        } else {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body);
        }
      }
      const res = await request(`${server.base}${p}${queryString(o.query)}`, method, headers, payload);
      if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${method} ${p}`);
      return JSON.parse(res.body) as Envelope<any>;
    },
    async login(username, password) {
      const env = await server.api('POST', '/admin/login', { username, password });
      if (env.code !== 200) throw new Error(`login ${username} failed: ${env.message}`);
      return env.data.token as string;
    },
    async restart() {
      built.app.server.closeAllConnections();
      await built.close();
      built = await buildApp(config);
      server.built = built;
      await listen();
    },
    async close() {
      // Connections a test left open (a body never read) would keep close() waiting for the keep-alive timeout.
      built.app.server.closeAllConnections();
      await built.close();
      if (pgDb) await pgDb.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await listen();
  return server;
}

/**
 * One request on a connection of its own (no keep-alive pool): a pooled socket the server has just let go of would
 * fail the next call with ECONNRESET, and an open one would keep close() waiting. The body is read whole.
 */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function queryString(query?: ApiOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
  }
  return `?${params}`;
}

/** A fresh `test_<random>` database next to DATABASE_URL's (a copy of `template` if given), dropped in teardown. */
export async function createPgDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await pgAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return { url: pgUrl(name), drop: () => pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
