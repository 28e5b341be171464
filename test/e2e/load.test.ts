/**
 * The real server under load and crashes, on SQLite and (when DATABASE_URL is set) PostgreSQL:
 * - 200 concurrent clients for LOAD_SECONDS (default 30) of mixed reads and writes: zero errors, and every write the
 *   server acknowledged is there afterwards (counted);
 * - kill -9 in the middle of a write load, restart: every acknowledged write is there, and SQLite's integrity check
 *   passes.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgDatabase } from '../api/helpers';
import { startServer, type Running } from './harness';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CLIENTS = 200;
const ROUNDS = 10;

type Env = { code: number; message: string; data: any };

const targets = process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(targets)('load and crash on %s', (dialect) => {
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let env: Record<string, string>;
  let server: Running;
  let token: string;

  const call = async (method: string, path: string, body?: unknown): Promise<Env> => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status}`);
    return (await res.json()) as Env;
  };
  const login = async () => {
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    token = ((await res.json()) as Env).data.token;
  };
  /** Brand names stored, read back through the server (its CSV export of the whole list). */
  const storedNames = async (): Promise<Set<string>> => {
    const res = await fetch(`${server.url}/api/brand/export`, { headers: { authorization: `Bearer ${token}` } });
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .split('\n')
      .slice(1);
    return new Set(lines.map((l) => l.split(',')[1]?.replace(/^"|"$/g, '')).filter(Boolean));
  };

  beforeAll(async () => {
    pgDb = dialect === 'postgres' ? await createPgDatabase(inject('dbTemplates').postgres) : undefined;
    env = { LOG: '0', JWT_SECRET: 'load-test', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
    server = await startServer(env);
    await login();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true }); // restarted on a kept folder
    await pgDb?.drop();
  });

  it(
    `serves ${CLIENTS} concurrent clients for ${SECONDS} s of mixed reads and writes without an error`,
    async () => {
      const deadline = Date.now() + SECONDS * 1000;
      const acknowledged: string[] = [];
      const errors: string[] = [];
      const counts = { reads: 0, writes: 0 };
      const reads = ['/brand/list?pageSize=10', '/product/list?pageSize=10', '/order/list?pageSize=10&status=1'];
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          const mine: number[] = [];
          // Until the deadline, and at least ROUNDS calls each (two creates), however slow the machine is.
          for (let i = 0; i < ROUNDS || Date.now() < deadline; i++) {
            try {
              if (i % 5 === 0) {
                const name = `Load ${c}-${i}`;
                const env = await call('POST', '/brand/create', { name, sort: i });
                if (env.code !== 200) errors.push(`create ${name}: ${env.message}`);
                else {
                  acknowledged.push(name);
                  mine.push(env.data.id);
                }
                counts.writes++;
              } else if (i % 5 === 1 && mine.length) {
                const env = await call('POST', `/brand/update/${mine[mine.length - 1]}`, { sort: i });
                if (env.code !== 200) errors.push(`update: ${env.message}`);
                counts.writes++;
              } else {
                const env = await call('GET', reads[i % reads.length]);
                if (env.code !== 200) errors.push(`read: ${env.message}`);
                counts.reads++;
              }
            } catch (e) {
              errors.push(String(e));
            }
          }
        }),
      );
      console.log(
        `${dialect}: ${counts.reads} reads, ${counts.writes} writes, ${acknowledged.length} brands acknowledged`,
      );
      expect(errors.slice(0, 5)).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(CLIENTS);
      const stored = await storedNames();
      expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
    },
    (SECONDS + 120) * 1000,
  );

  it('keeps every acknowledged write through a kill -9 in the middle of a write load', async () => {
    const acknowledged: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 50 }, async (_, c) => {
      for (let i = 0; !stop; i++) {
        const name = `Crash ${c}-${i}`;
        try {
          const env = await call('POST', '/brand/create', { name });
          if (env.code === 200) acknowledged.push(name);
        } catch {
          return; // the server is gone: what it did not answer was not acknowledged
        }
      }
    });
    // Killed once writes are flowing (on a loaded machine the first answers take a while), not after a fixed time.
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(100);
    await server.crash();
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(50);
    server = await startServer(env, server.dataDir);
    await login();
    const stored = await storedNames();
    expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
    if (dialect === 'sqlite') {
      const db = new Database(join(server.dataDir, 'marketplace.db'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
  }, 180_000);
});
