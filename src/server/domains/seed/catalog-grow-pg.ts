import pg from 'pg';
import { tables } from '../../../../generated/database.js';
import { columnsOf, makeBatch, type GrowJob, type GrowResult, type Row } from './catalog-grow.js';

const TABLES = [tables.product, tables.skuStock];

/**
 * Bulk load into PostgreSQL: secondary indexes (keyword trigram index included) of the two tables are dropped,
 * each batch goes in as one `INSERT … SELECT * FROM unnest($1::type[], …)` per table in one transaction (foreign
 * key triggers off when the role may do so), then the indexes are rebuilt — also when the load fails — and the
 * id sequence moved past the explicit ids.
 */
export async function growPostgres(url: string, job: GrowJob): Promise<GrowResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
    WHERE tablename = ANY($1) AND indexdef NOT LIKE 'CREATE UNIQUE INDEX%'`,
      [TABLES],
    )
  ).rows;
  const firstId = Number((await client.query(`SELECT coalesce(max(id), 0) AS m FROM ${tables.product}`)).rows[0].m) + 1;
  const types = await columnTypes(client);
  let skus = 0;
  let indexSeconds: number;
  try {
    await client.query("SET session_replication_role = 'replica'").catch(() => undefined);
    for (const i of indexes) await client.query(`DROP INDEX IF EXISTS "${i.indexname}"`);
    const now = Date.now();
    for (let done = 0; done < job.count;) {
      const n = Math.min(job.batch, job.count - done);
      const batch = makeBatch(job.refs, firstId + done, firstId + done, n, now);
      await client.query('BEGIN');
      await insert(client, types, tables.product, batch.products);
      await insert(client, types, tables.skuStock, batch.skus);
      await client.query('COMMIT');
      skus += batch.skus.length;
      done += n;
      job.onProgress(done);
    }
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    const t0 = performance.now();
    await client.query("SET session_replication_role = 'origin'").catch(() => undefined);
    for (const i of indexes) await client.query(i.indexdef.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${tables.product}', 'id'), (SELECT max(id) FROM ${tables.product}))`,
    );
    for (const t of TABLES) await client.query(`ANALYZE ${t}`);
    await client.end();
    indexSeconds = (performance.now() - t0) / 1000;
  }
  return { products: job.count, skus, indexSeconds };
}

/** `table.column` → its SQL type, for the unnest casts. */
async function columnTypes(client: pg.Client): Promise<Map<string, string>> {
  const rows = (
    await client.query(
      `SELECT c.relname AS t, a.attname AS col, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relname = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped`,
      [TABLES],
    )
  ).rows;
  return new Map(rows.map((r) => [`${r.t}.${r.col}`, String(r.type)]));
}

async function insert(client: pg.Client, types: Map<string, string>, table: string, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const cols = columnsOf(rows[0]);
  const arrays = cols.map((c) => rows.map((r) => r[c] ?? null));
  const casts = cols.map((c, i) => `$${i + 1}::${types.get(`${table}.${c}`) ?? 'text'}[]`);
  await client.query(`INSERT INTO ${table} (${cols.join(',')}) SELECT * FROM unnest(${casts.join(',')})`, arrays);
}
