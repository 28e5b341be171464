/**
 * Moves the pictures uploaded before they were kept in the database from `<DATA_DIR>/uploads/` into it:
 *   npm run pictures:move
 * Run it once, on the host (or volume) that holds DATA_DIR/uploads, with the same DATABASE_URL (or DATA_DIR /
 * SQLITE_FILE) as the servers; they may keep serving meanwhile (a file not moved yet is served from the folder).
 * Each file keeps its name, so the URLs stored in rows keep working; it is deleted once its row is committed and
 * read back with the same hash. Running it again moves what is left.
 */
import { loadConfig } from '../src/server/core/config.js';
import { connect } from '../src/server/core/db.js';
import { migrate } from '../src/server/core/migrate.js';
import { UploadStore } from '../src/server/domains/upload/storage.js';

async function main() {
  const config = loadConfig(process.env, { logger: false });
  const db = connect(config);
  try {
    await migrate(db);
    const store = new UploadStore(db, config.dataDir);
    const started = performance.now();
    const { moved, bytes, left } = await store.moveFiles((line) => console.log(line));
    console.log(
      `Moved ${moved} pictures (${(bytes / 1024 / 1024).toFixed(1)} MiB) from ${store.dir} into the ` +
        `${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} database in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s` +
        (left.length ? `; left in the folder (not ours, or other bytes under the name): ${left.join(', ')}` : ''),
    );
  } finally {
    await db.close();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
