import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySqlite } from '../../src/server/core/backup';
import { UploadStore } from '../../src/server/domains/upload/storage';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * Pictures need no shared disk: two servers on one database, each with its own empty DATA_DIR, serve each other's
 * uploads (with the content hash as ETag, 304 on revalidation); files kept in a DATA_DIR before move into the
 * database with `npm run pictures:move`; a SQLite backup holds the pictures.
 */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(3000)]);
const OLD_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2000)]);
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe.each(dialects)('pictures across servers on %s', (dialect) => {
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    one = await startServer({ dialect });
    // The same database, another DATA_DIR (startServer makes each its own).
    two = await startServer({
      dialect,
      config: { databaseUrl: one.config.databaseUrl, sqliteFile: one.config.sqliteFile },
    });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const get = (s: TestServer, url: string, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${url}`, { headers });

  it('serves a picture uploaded through one server from the other, with its hash as ETag and 304', async () => {
    expect(two.config.dataDir).not.toBe(one.config.dataDir);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'p.png');
    const token = await one.login('seller', 'seller123');
    const res = await fetch(`${one.base}/minio/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = await res.json();
    const etag = `"${sha256(PNG)}"`;

    const other = await get(two, data.url);
    expect(other.status).toBe(200);
    expect(other.headers.get('content-type')).toBe('image/png');
    expect(other.headers.get('etag')).toBe(etag);
    expect(other.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await other.arrayBuffer())).toEqual(PNG);

    const again = await get(two, data.url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await get(one, data.url, { 'if-none-match': `W/"x", ${etag}` })).status).toBe(304);
    const changed = await get(two, data.url, { 'if-none-match': '"another"' });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer())).toEqual(PNG);
    // Neither server wrote the picture to its own disk.
    for (const s of [one, two]) expect(fs.existsSync(path.join(s.config.dataDir, 'uploads'))).toBe(false);
  });

  it('moves the files a DATA_DIR kept into the database with `npm run pictures:move`, names kept', async () => {
    const dir = path.join(two.config.dataDir, 'uploads');
    const name = `${crypto.randomBytes(16).toString('hex')}.jpg`; // a name made before: random, not the hash
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), OLD_JPEG);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a picture of ours');
    const url = `${one.config.apiBase}/uploads/${name}`;
    // Before the move, only the server with the folder has it.
    expect((await get(two, url)).status).toBe(200);
    expect(await (await get(one, url)).json()).toMatchObject({ code: 404 });

    const move = await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/move-pictures.ts'], {
      env: {
        ...process.env,
        DATA_DIR: two.config.dataDir,
        DATABASE_URL: two.config.databaseUrl ?? '',
        SQLITE_FILE: two.config.sqliteFile,
      },
    });
    expect(move.stdout).toMatch(/^Moved 1 pictures .*left in the folder .*: notes\.txt$/m);
    expect(fs.readdirSync(dir)).toEqual(['notes.txt']);
    for (const s of [one, two]) {
      const res = await get(s, url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('etag')).toBe(`"${sha256(OLD_JPEG)}"`);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(OLD_JPEG);
    }
    // Run again (in-process: the command is this call), nothing is left to move.
    expect(await new UploadStore(two.built.db, two.config.dataDir).moveFiles()).toMatchObject({ moved: 0 });
  });

  it.runIf(dialect === 'sqlite')('keeps the pictures in a backup of the database', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-backup-')), 'copy.db');
    try {
      copySqlite(one.config.sqliteFile!, file);
      const copy = new Database(file, { readonly: true });
      const rows = copy.prepare('SELECT sha256, data FROM sys_picture').all() as { sha256: string; data: Buffer }[];
      copy.close();
      expect(rows.map((r) => r.sha256).sort()).toEqual([sha256(PNG), sha256(OLD_JPEG)].sort());
      for (const r of rows) expect(sha256(r.data)).toBe(r.sha256);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
