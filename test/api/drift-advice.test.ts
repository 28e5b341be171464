/**
 * The start check's advice when the database differs from the schemas: what fixes it. Codegen has nothing to write
 * then (the schemas and migrations agree, it answers "up to date"), so the advice never sends one there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import { loadConfig } from '../../src/server/core/config';
import { connect } from '../../src/server/core/db';
import {
  checkSchema,
  HAND_MIGRATIONS_DIR,
  MIGRATIONS_DIR,
  migrate,
  SchemaMismatchError,
  type Snapshot,
} from '../../src/server/core/migrate';
import { renameFactoryStatus } from '../codegen-edits';
import { createPgDatabase, dialects } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

describe.each(dialects)('drift advice at start, on %s', (dialect) => {
  it('says to rename back, restore, or start again, never to run codegen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-drift-'));
    const templates = inject('dbTemplates');
    const pgDb = dialect === 'postgres' ? await createPgDatabase(templates.postgres) : null;
    if (dialect === 'sqlite') fs.copyFileSync(templates.sqlite!, path.join(dir, 't.db'));
    const db = connect(loadConfig({}, { dataDir: dir, sqliteFile: path.join(dir, 't.db'), databaseUrl: pgDb?.url }));
    const copy = path.join(dir, 'generated');
    fs.cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    const refusal = async () => {
      const e = await migrate(db, [copy, HAND_MIGRATIONS_DIR]).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(SchemaMismatchError);
      return (e as Error).message;
    };
    try {
      await migrate(db, [copy, HAND_MIGRATIONS_DIR]);
      const k = db.kysely;

      // A column dropped by hand: a backup or a migration of one's own brings it back.
      await sql`ALTER TABLE pms_brand DROP COLUMN big_pic`.execute(k);
      let message = await refusal();
      expect(message).toContain('table pms_brand has no column big_pic: the schemas expect it');
      expect(message).toContain('restore a backup');
      expect(message).toContain(`make it again in a migration of your own in migrations/${dialect}/`);
      expect(message).not.toContain('codegen');
      await sql`ALTER TABLE pms_brand ADD COLUMN big_pic VARCHAR(255)`.execute(k);
      await migrate(db, [copy, HAND_MIGRATIONS_DIR]);

      // A column renamed by hand (or by a newer build): rename it back, or run that build.
      await sql`ALTER TABLE pms_brand RENAME COLUMN first_letter TO initial`.execute(k);
      message = await refusal();
      expect(message).toContain('Columns under other names, pms_brand (initial → first_letter): rename them back');
      expect(message).toContain('If a newer build renamed them, run that build instead.');
      await sql`ALTER TABLE pms_brand RENAME COLUMN initial TO first_letter`.execute(k);

      // Codegen wrote a migration and its snapshot after this start listed the folders (the dev loop saving a
      // schema while the server starts): the migration is pending, and a new start applies it.
      const files = await generate(renameFactoryStatus(readSources(root)));
      const newer = JSON.parse(files['migrations/snapshot.json']) as Snapshot;
      const pending = await checkSchema(db, newer, undefined, ['0099_maker_status.sql']).catch((e: Error) => e);
      expect(pending).toBeInstanceOf(SchemaMismatchError);
      expect((pending as Error).message).toContain('table pms_brand has no column maker_status');
      expect((pending as Error).message).toContain(
        'The migrations 0099_maker_status.sql were written after this start read the migration folders',
      );
      expect((pending as Error).message).toContain('start again and they are applied first');
    } finally {
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
