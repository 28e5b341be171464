/**
 * SQLite's write turns (core/write-turns.ts) as a worker's connection takes them (core/db.ts): every statement that
 * writes waits for its turn without stopping the event loop, a transaction's and a single statement's alike, and
 * reads take none. The other worker here is a connection holding the write lock while it holds the turn.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectSqlite, type Db } from '../../src/server/core/db';
import type { WriteTurns } from '../../src/server/core/write-turns';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A file with a table `t` (one row, n = 0), the other worker's connection on it, and this worker's, whose turns wait. */
function twoWorkers() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-turns-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'db.sqlite');
  const other = new Database(file);
  other.pragma('journal_mode = WAL');
  other.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER); INSERT INTO t VALUES (1, 0)');
  cleanups.push(() => other.close());
  let free!: () => void;
  const granted = new Promise<void>((resolve) => (free = resolve));
  const asked = { n: 0 };
  const turns: WriteTurns = {
    take: () => {
      asked.n++;
      return granted;
    },
    give: () => {},
  };
  const db: Db = connectSqlite(file, false, turns);
  cleanups.push(() => db.close());
  // The other worker writes: it holds the lock (and the turn) until `free`.
  other.exec('BEGIN IMMEDIATE; UPDATE t SET n = 1');
  const done = () => {
    other.exec('COMMIT');
    free();
  };
  return { db, other, asked, done };
}

/** How late a 20 ms timer fires while `pending` runs (ms): the event loop stopped meanwhile makes it late. */
async function lateness(): Promise<number> {
  const start = performance.now();
  await new Promise((r) => setTimeout(r, 20));
  return performance.now() - start - 20;
}

describe("a worker's writes while another holds SQLite's write lock", () => {
  it('waits for its turn with the event loop free: a single statement outside a transaction', async () => {
    const { db, other, asked, done } = twoWorkers();
    const write = sql`UPDATE t SET n = 2 WHERE id = 1`.execute(db.kysely).then(
      () => 'written',
      (e: Error) => e.message,
    );
    expect(await lateness()).toBeLessThan(500);
    expect(asked.n).toBe(1);
    done();
    expect(await write).toBe('written');
    expect(other.prepare('SELECT n FROM t').pluck().get()).toBe(2);
  });

  it('waits for its turn with the event loop free: a transaction, one turn for all its statements', async () => {
    const { db, other, asked, done } = twoWorkers();
    const write = db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE t SET n = n + 10 WHERE id = 1`.execute(trx);
        await sql`UPDATE t SET n = n + 10 WHERE id = 1`.execute(trx);
      })
      .then(
        () => 'written',
        (e: Error) => e.message,
      );
    expect(await lateness()).toBeLessThan(500);
    done();
    expect(await write).toBe('written');
    expect(asked.n).toBe(1);
    expect(other.prepare('SELECT n FROM t').pluck().get()).toBe(21);
  });

  it('reads at once while a write of its own process waits for its turn; after a transaction holding the lock', async () => {
    const { db, done } = twoWorkers();
    const read = async () => (await sql<{ n: number }>`SELECT n FROM t WHERE id = 1`.execute(db.kysely)).rows[0]?.n;
    const within = (ms: number) => new Promise((r) => setTimeout(() => r('still waiting'), ms));
    // A write waiting for the turn the other worker holds: the read does not wait for it.
    const waiting = sql`UPDATE t SET n = 5 WHERE id = 1`.execute(db.kysely);
    await new Promise((r) => setTimeout(r, 10));
    expect(await Promise.race([read(), within(1000)])).toBe(0);
    done();
    await waiting;
    // A transaction of its own holding the lock across turns of the event loop: the read comes after its commit,
    // never seeing its rows before.
    let commit!: () => void;
    const open = db.kysely.transaction().execute(async (trx) => {
      await sql`UPDATE t SET n = 6 WHERE id = 1`.execute(trx);
      await new Promise<void>((r) => (commit = r));
    });
    await new Promise((r) => setTimeout(r, 10));
    const after = read();
    expect(await Promise.race([after, within(50)])).toBe('still waiting');
    commit();
    await open;
    expect(await after).toBe(6);
  });

  it('reads without a turn', async () => {
    const { db, asked, done } = twoWorkers();
    const { rows } = await sql<{ n: number }>`SELECT n FROM t WHERE id = 1`.execute(db.kysely);
    expect(rows).toEqual([{ n: 0 }]);
    expect(asked.n).toBe(0);
    done();
  });
});
