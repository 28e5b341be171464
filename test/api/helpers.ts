/**
 * API test harness: boots the REAL app (buildApp) on a temp SQLite file, or on a fresh PostgreSQL database when
 * DATABASE_URL is set, listening on a random port. Reused by every API test file. Calls go through Fastify's
 * `inject()` (the same routing, hooks, parsers and body limits, without a socket: a socket round trip cost a test file
 * more CPU than the server's work); `url`/`base` stay for what needs a real socket (streams, keep-alive, draining,
 * limits the socket enforces).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
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
  /**
   * A `fetch` of a `url`/`base` address through `inject()`: a whole answer read at once, no socket. Where a test
   * needs the socket (a stream read as it comes, keep-alive, a connection cut), it calls the global `fetch`.
   */
  fetch(url: string, init?: RequestInit): Promise<Response>;
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
      const res = await built.app.inject({
        method: method as InjectOptions['method'],
        url: `${config.apiBase}${p}${queryString(o.query)}`,
        headers,
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${method} ${p}`);
      return JSON.parse(res.body) as Envelope<any>;
    },
    async fetch(url, init = {}) {
      const target = new URL(url, server.url);
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const res = await built.app.inject({
        method: (init.method ?? 'GET') as InjectOptions['method'],
        url: `${target.pathname}${target.search}`,
        headers,
        payload: await payloadOf(init.body),
      });
      const answer = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) answer.append(name, String(v));
      }
      // A Response may not carry a body for these statuses, even an empty one.
      const body =
        [101, 204, 205, 304].includes(res.statusCode) || methodOf(init) === 'HEAD'
          ? null
          : Uint8Array.from(res.rawPayload);
      return new Response(body, { status: res.statusCode, statusText: res.statusMessage, headers: answer });
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

const methodOf = (init: RequestInit) => (init.method ?? 'GET').toUpperCase();

/** A fetch body as inject() takes it: text or bytes (a form or a file goes through the global fetch). */
async function payloadOf(body: RequestInit['body']): Promise<string | Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body))
    return Buffer.from(body instanceof ArrayBuffer ? body : body.buffer);
  throw new Error('TestServer.fetch sends text or bytes; use the global fetch for other bodies');
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
