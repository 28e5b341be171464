/**
 * Puts a backup made by `npm run backup` (or a periodic one from BACKUP_DIR) in place of the SQLite database:
 *   npm run restore -- <file>
 * Refuses while any process has the database open (stop every server first), when the backup fails its integrity
 * check, or when it was made by a build with migrations this one does not have. The replaced database is kept as
 * `<database>.before-restore`. PostgreSQL: use pg_restore (README "Backups").
 */
import { loadConfig } from '../src/server/core/config.js';
import { sqliteFile } from '../src/server/core/db.js';
import { restoreSqlite } from '../src/server/core/backup.js';

function main() {
  const from = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!from) throw new Error('Usage: npm run restore -- <file>');
  const config = loadConfig(process.env, { logger: false });
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore --clean --if-exists -d "$DATABASE_URL" <file> (README "Backups")',
    );
  const file = sqliteFile(config);
  const { migrations, kept } = restoreSqlite(from, file);
  console.log(
    `Restored ${from} into ${file} (${migrations} migrations; the server applies newer ones at its start)` +
      (kept ? `; the replaced database is kept as ${kept}` : ''),
  );
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
