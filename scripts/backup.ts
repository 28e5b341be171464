/**
 * A consistent copy of the SQLite database, made while servers keep serving it, then checked:
 *   npm run backup -- <file>
 * The database is the server's (DATA_DIR/marketplace.db, or SQLITE_FILE). The copy is `VACUUM INTO` (one read
 * transaction: the state of one moment, compacted; writers are not held back) followed by `PRAGMA integrity_check`.
 * PostgreSQL: use pg_dump (README "Backups").
 */
import fs from 'node:fs';
import { loadConfig } from '../src/server/core/config.js';
import { sqliteFile } from '../src/server/core/db.js';
import { appliedMigrations, copySqlite, integrityCheck } from '../src/server/core/backup.js';

function main() {
  const target = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!target) throw new Error('Usage: npm run backup -- <file>');
  const config = loadConfig(process.env, { logger: false });
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g. pg_dump -Fc -f <file> "$DATABASE_URL" (README "Backups")',
    );
  const source = sqliteFile(config);
  const started = performance.now();
  copySqlite(source, target);
  const integrity = integrityCheck(target);
  if (integrity !== 'ok') {
    fs.renameSync(target, `${target}.damaged`);
    throw new Error(`The copy failed its integrity check (kept as ${target}.damaged):\n${integrity}`);
  }
  const migrations = appliedMigrations(target);
  const mib = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${source} to ${target}: ${mib} MiB, integrity ok, ${migrations.length} migrations ` +
      `(last ${migrations.at(-1) ?? 'none'}), ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
