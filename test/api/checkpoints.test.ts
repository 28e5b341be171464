/**
 * SQLite's WAL is copied into the database file by a thread of its own (core/checkpointer.ts), never by the commit
 * of a request or a job on the event loop: the server's connection does not checkpoint (`wal_autocheckpoint = 0`),
 * and a commit reaches the file shortly after without another one.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

describe('SQLite checkpoints off the event loop', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ dialect: 'sqlite' });
    admin = await server.login('admin', 'admin123');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("leaves the server's own connection without automatic checkpoints", async () => {
    const [row] = await server.built.db.all<{ wal_autocheckpoint: number }>('PRAGMA wal_autocheckpoint', []);
    expect(Number(row?.wal_autocheckpoint)).toBe(0);
  });

  it('copies a commit into the database file without another commit', async () => {
    const file = server.config.sqliteFile!;
    const fileBytes = () => fs.readFileSync(file);
    const created = await server.api('POST', '/brand/create', { name: 'Checkpointed brand' }, { token: admin });
    expect(created.code, created.message).toBe(200);
    // The brand is in the file itself (not only in the WAL) within a few ticks of the thread.
    let found = false;
    for (let waited = 0; waited < 5000 && !found; waited += 50) {
      found = fileBytes().includes(Buffer.from('Checkpointed brand'));
      if (!found) await new Promise((r) => setTimeout(r, 50));
    }
    expect(found).toBe(true);
    // And the file, opened alone as a copy without its WAL, holds it.
    const copy = `${file}.copy`;
    fs.copyFileSync(file, copy);
    const alone = new Database(copy, { readonly: true });
    try {
      expect(alone.prepare('SELECT count(*) AS n FROM pms_brand WHERE name = ?').get('Checkpointed brand')).toEqual({
        n: 1,
      });
    } finally {
      alone.close();
      fs.rmSync(copy, { force: true });
    }
  });
});
