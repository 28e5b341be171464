/**
 * The primary's checkpointer (core/checkpointer.ts): what the workers commit reaches the database file itself,
 * without a commit of theirs copying it (their connections do not checkpoint), and a file made after it started too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointInBackground } from '../../src/server/core/checkpointer';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Whether `file` alone (a copy, without its WAL) holds `text`, polled for up to five seconds. */
async function inFile(file: string, text: string): Promise<boolean> {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (fs.readFileSync(file).includes(Buffer.from(text))) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A database file in a new folder, not made yet. */
function newFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-ckpt-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}

/** A connection to `file` as a worker's is: WAL, never checkpointing itself; a table `t` of names. */
function workerLike(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (name TEXT)');
  return db;
}

describe('the WAL checkpointer', () => {
  it("copies a connection's commits into the file, that connection never checkpointing", async () => {
    const file = newFile();
    // Started before the file exists, as the primary starts it before its lead worker migrates.
    const stop = checkpointInBackground(file);
    const db = workerLike(file);
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('first row to reach the file');
      expect(await inFile(file, 'first row to reach the file')).toBe(true);
      db.prepare('INSERT INTO t VALUES (?)').run('second row to reach the file');
      expect(await inFile(file, 'second row to reach the file')).toBe(true);
    } finally {
      await stop();
      db.close();
    }
  });

  it('leaves nothing in the file without it (the control)', async () => {
    const file = newFile();
    const db = workerLike(file);
    try {
      db.prepare('INSERT INTO t VALUES (?)').run('a row left in the WAL');
      await new Promise((r) => setTimeout(r, 300));
      expect(fs.readFileSync(file).includes(Buffer.from('a row left in the WAL'))).toBe(false);
    } finally {
      db.close();
    }
  });
});
