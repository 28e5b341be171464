/**
 * A column rename stated in a schema (`"x-admin": { "renamedFrom": … }`) applied to a database holding rows: the
 * migration codegen writes renames the column in place on SQLite and PostgreSQL, the rows keep their values, and
 * the list index follows the new name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import { loadConfig } from '../../src/server/core/config';
import { connect } from '../../src/server/core/db';
import { dynamic } from '../../src/server/core/crud/dynamic';
import { migrate, MIGRATIONS_DIR } from '../../src/server/core/migrate';
import { renameFactoryStatus } from '../codegen-edits';
import { createPgDatabase, dialects } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

describe.each(dialects)('a stated column rename on %s', (dialect) => {
  it('keeps every row’s value under the new name, and the index follows', async () => {
    const src = readSources(root);
    const files = await generate(renameFactoryStatus(src));
    const folder = dialect === 'postgres' ? 'postgres' : 'sqlite';
    const [added] = Object.keys(files).filter(
      (f) => f.startsWith(`migrations/${folder}/`) && !(f.slice('migrations/'.length) in src.migrations),
    );
    expect(added).toMatch(/_alter_pms_brand\.sql$/);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-rename-'));
    const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
    const db = connect(loadConfig({}, { dataDir: dir, sqliteFile: path.join(dir, 't.db'), databaseUrl: pgDb?.url }));
    try {
      const migrations = path.join(dir, 'migrations');
      fs.cpSync(path.join(MIGRATIONS_DIR, db.dialect), path.join(migrations, db.dialect), { recursive: true });
      await migrate(db, migrations);
      const k = dynamic(db.kysely);
      const made = [0, 1, 1].map((status, i) => ({ name: `Rename ${i}`, first_letter: 'R', factory_status: status }));
      for (const row of made) await k.insertInto('pms_brand').values(row).execute();

      fs.writeFileSync(path.join(migrations, db.dialect, path.basename(added!)), files[added!]!);
      expect(await migrate(db, migrations)).toEqual([path.basename(added!)]);
      const rows = await sql<{ name: string; maker_status: number }>`
        SELECT name, maker_status FROM pms_brand WHERE name LIKE 'Rename %' ORDER BY name`.execute(db.kysely);
      expect(rows.rows.map((r) => [r.name, Number(r.maker_status)])).toEqual(
        made.map((r) => [r.name, r.factory_status]),
      );
      const indexes =
        db.dialect === 'sqlite'
          ? await sql<{
              name: string;
            }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pms_brand'`.execute(db.kysely)
          : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'pms_brand'`.execute(
              db.kysely,
            );
      const names = indexes.rows.map((r) => r.name);
      expect(names).toContain('idx_pms_brand_maker_status_sort_id');
      expect(names).not.toContain('idx_pms_brand_factory_status_sort_id');
    } finally {
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
