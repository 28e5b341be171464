import Database from 'better-sqlite3';
import { tables } from '../../../../generated/database.js';
import { entities } from '../../../../generated/entities.js';
import { ftsTable } from '../../../shared/sql-naming.js';
import { columnsOf, makeBatch, type GrowJob, type GrowResult, type Row } from './catalog-grow.js';
import { present } from '../../core/lookup.js';

const TABLES = [tables.product, tables.skuStock];
/** The product keyword index's columns (FTS5, kept by triggers the load drops). */
const KEYWORD = (entities.product.keyword?.fields ?? [])
  .map(
    (name) =>
      present(
        entities.product.fields.find((f) => f.name === name),
        `Product field ${name}`,
      ).column,
  )
  .join(', ');
/** Rows per INSERT statement (kept under SQLite's 32766 bound variables for the widest table). */
const ROWS_PER_INSERT = 200;

/**
 * Bulk load into SQLite: secondary indexes and the keyword-search triggers of the two tables are dropped, rows go
 * in through prepared multi-row INSERTs in big transactions (foreign keys off: the generator only uses ids that
 * exist), then the indexes are rebuilt and the new rows added to the FTS index. Indexes and triggers are restored
 * even when the load fails.
 */
export async function growSqlite(file: string, job: GrowJob): Promise<GrowResult> {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  const saved = db
    .prepare<string[], { type: string; name: string; sql: string }>(
      `SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN (${TABLES.map(() => '?').join(',')})
    AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    )
    .all(...TABLES);
  const top = db.prepare<[], { m: number }>(`SELECT coalesce(max(id), 0) AS m FROM ${tables.product}`).get();
  const firstId = Number(present(top, 'The largest product id').m) + 1;
  let skus = 0;
  let indexSeconds: number;
  try {
    for (const s of saved) db.exec(`DROP ${s.type.toUpperCase()} IF EXISTS "${s.name}"`);
    const insert = inserter(db);
    const now = Date.now();
    for (let done = 0; done < job.count;) {
      const n = Math.min(job.batch, job.count - done);
      const batch = makeBatch(job.refs, firstId + done, firstId + done, n, now);
      db.transaction(() => {
        insert(tables.product, batch.products);
        insert(tables.skuStock, batch.skus);
      })();
      skus += batch.skus.length;
      done += n;
      job.onProgress(done);
    }
  } finally {
    const t0 = performance.now();
    db.transaction(() => {
      for (const s of saved) db.exec(s.sql);
    })();
    db.prepare(
      `INSERT INTO ${ftsTable(tables.product)} (rowid, ${KEYWORD})
      SELECT id, ${KEYWORD} FROM ${tables.product} WHERE id >= ?`,
    ).run(firstId);
    db.pragma('optimize');
    db.close();
    indexSeconds = (performance.now() - t0) / 1000;
  }
  return { products: job.count, skus, indexSeconds };
}

/** `insert(table, rows)` through cached multi-row statements (one per table and row count). */
function inserter(db: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  const statement = (table: string, cols: string[], rows: number) => {
    const key = `${table}|${rows}`;
    let stmt = cache.get(key);
    if (!stmt) {
      const one = `(${cols.map(() => '?').join(',')})`;
      stmt = db.prepare(`INSERT INTO ${table} (${cols.join(',')}) VALUES ${Array(rows).fill(one).join(',')}`);
      cache.set(key, stmt);
    }
    return stmt;
  };
  return (table: string, rows: Row[]) => {
    if (!rows.length) return;
    const cols = columnsOf(rows[0]);
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT);
      const values: unknown[] = [];
      for (const r of chunk) for (const c of cols) values.push(r[c]);
      statement(table, cols, chunk.length).run(values);
    }
  };
}
