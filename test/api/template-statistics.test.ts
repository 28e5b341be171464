/**
 * The demo template every test server is copied from (test/db-templates.ts) holds the statistics of its seeded rows:
 * a server's start (core/migrate.ts, `PRAGMA optimize`) then finds nothing to analyze, instead of analyzing every
 * table again on each of the hundred servers a run starts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, inject } from 'vitest';

describe('the SQLite demo template', () => {
  it('leaves a server start nothing to analyze', () => {
    const file = inject('dbTemplates').sqlite;
    expect(file).toBeTruthy();
    // A copy, as a server gets: the pragma asks for a writable database even when it only lists.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-stat-'));
    fs.copyFileSync(file!, path.join(dir, 'test.db'));
    const db = new Database(path.join(dir, 'test.db'));
    try {
      // 0x10002 as a start runs it, plus 0x1: list the ANALYZE statements it would run instead of running them.
      const pending = (db.pragma('optimize = 0x10003') as { optimize: string }[]).map((r) => r.optimize);
      // An empty table without an index keeps no statistics, so it is always listed: analyzing it costs nothing.
      const rows = (statement: string) =>
        (db.prepare(statement.replace(/^ANALYZE/, 'SELECT COUNT(*) AS n FROM')).get() as { n: number }).n;
      expect(pending.filter((statement) => rows(statement) > 0)).toEqual([]);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
