/** DDL statements for one dialect from snapshot pieces. Each function returns whole statements (no separators). */
import { ftsTable, ftsTriggers, indexName, keywordExpr, keywordIndexName } from '../../../../src/shared/sql-naming';
import type { ColumnSnap, TableSnap } from './snapshot';

export type Dialect = 'sqlite' | 'pg';

export function columnDef(d: Dialect, name: string, c: ColumnSnap, inline = true): string {
  let s = `${name} ${c[d]}`;
  if (c.notNull) s += ' NOT NULL';
  if (c.default !== undefined) s += ` DEFAULT ${c.default}`;
  if (c.unique && inline) s += ' UNIQUE';
  if (c.ref) s += ` REFERENCES ${c.ref.table} (id) ON DELETE ${c.ref.onDelete}`;
  return s;
}

export function createTable(d: Dialect, table: string, t: TableSnap): string[] {
  const cols = Object.entries(t.columns).map(([n, c]) => `  ${columnDef(d, n, c)}`);
  return [
    `CREATE TABLE ${table} (\n${cols.join(',\n')}\n);`,
    ...Object.entries(t.columns).flatMap(([n, c]) => uniqueWithin(table, n, c)),
  ];
}

export const uniqueName = (table: string, name: string) => indexName(table, name).replace(/^idx_/, 'uq_');

/** A column unique within its shop: one unique index on (shop, column). */
export const uniqueWithin = (table: string, name: string, c: ColumnSnap): string[] =>
  c.uniqueWith ? [`CREATE UNIQUE INDEX ${uniqueName(table, name)} ON ${table} (${c.uniqueWith}, ${name});`] : [];

/** ALTER TABLE … ADD COLUMN; SQLite cannot add a UNIQUE column, so uniqueness becomes a unique index. */
export function addColumn(d: Dialect, table: string, name: string, c: ColumnSnap): string[] {
  const out = [`ALTER TABLE ${table} ADD COLUMN ${columnDef(d, name, c, false)};`];
  if (c.unique) out.push(`CREATE UNIQUE INDEX ${uniqueName(table, name)} ON ${table} (${name});`);
  return [...out, ...uniqueWithin(table, name, c)];
}

export const createIndex = (table: string, name: string, column: string) =>
  `CREATE INDEX ${name} ON ${table} (${column});`;

/** Keyword search: SQLite FTS5 (trigram) kept in sync by triggers; PostgreSQL a pg_trgm gin index. */
export function keywordIndex(d: Dialect, table: string, cols: string[]): string[] {
  if (d === 'pg') {
    return [`CREATE INDEX ${keywordIndexName(table)} ON ${table} USING gin ((${keywordExpr(cols)}) gin_trgm_ops);`];
  }
  const fts = ftsTable(table);
  const list = cols.join(', ');
  const vals = (row: string) => cols.map((c) => `${row}.${c}`).join(', ');
  const del = `INSERT INTO ${fts} (${fts}, rowid, ${list}) VALUES ('delete', old.id, ${vals('old')});`;
  const ins = `INSERT INTO ${fts} (rowid, ${list}) VALUES (new.id, ${vals('new')});`;
  const [ai, ad, au] = ftsTriggers(table);
  return [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram');`,
    `CREATE TRIGGER ${ai} AFTER INSERT ON ${table} BEGIN\n  ${ins}\nEND;`,
    `CREATE TRIGGER ${ad} AFTER DELETE ON ${table} BEGIN\n  ${del}\nEND;`,
    `CREATE TRIGGER ${au} AFTER UPDATE OF ${list} ON ${table} BEGIN\n  ${del}\n  ${ins}\nEND;`,
    `INSERT INTO ${fts} (${fts}) VALUES ('rebuild');`,
  ];
}

export const PG_TRGM = 'CREATE EXTENSION IF NOT EXISTS pg_trgm;';

export const dropIndex = (name: string) => `DROP INDEX IF EXISTS ${name};`;

/** The same words in both dialects. */
export const renameColumn = (table: string, from: string, to: string) =>
  `ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to};`;

/** The statement the migration runner refuses to go past when its count is not 0 (`{n}` in the message is the count). */
export const refuseIfAny = (message: string, countQuery: string) => `-- refuse-if-any: ${message}\n${countQuery};`;

/** The keyword search's index (PostgreSQL) or full-text table and its triggers (SQLite, which the table's drop takes). */
export const dropKeyword = (d: Dialect, table: string): string[] =>
  d === 'pg'
    ? [`DROP INDEX IF EXISTS ${keywordIndexName(table)};`]
    : [...ftsTriggers(table).map((t) => `DROP TRIGGER IF EXISTS ${t};`), `DROP TABLE IF EXISTS ${ftsTable(table)};`];

/**
 * PostgreSQL: drops the foreign key (`f`) or unique (`u`) constraint on one column, whatever name it was given when
 * made (inline in CREATE TABLE, by PostgreSQL's naming rule, which cuts long names).
 */
export const pgDropConstraint = (table: string, column: string, kind: 'f' | 'u') =>
  `DO $$\nDECLARE c text;\nBEGIN\n  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = '${table}'::regclass AND contype = '${kind}'\n` +
  `    AND conkey = ARRAY[(SELECT attnum FROM pg_attribute WHERE attrelid = '${table}'::regclass AND attname = '${column}')]\n` +
  `  LOOP\n    EXECUTE format('ALTER TABLE ${table} DROP CONSTRAINT %I', c);\n  END LOOP;\nEND $$;`;

/**
 * SQLite's procedure for changes ALTER TABLE cannot make (https://sqlite.org/lang_altertable.html#otheralter), for a
 * migration run with foreign keys off: the new table is made beside the old one, rows copied (`select`: column →
 * expression over the old row), the AUTOINCREMENT counter carried, the old table dropped (its indexes and triggers
 * with it) and the new one renamed; then indexes, uniques and the full-text table are made again. Other tables'
 * references name the table, so they hold on to the new one; the runner checks them before commit.
 */
export function sqliteRebuild(table: string, t: TableSnap, select: Record<string, string>): string[] {
  const temp = `${table}__new`;
  const cols = Object.keys(t.columns);
  const [create] = createTable('sqlite', temp, t);
  return [
    create,
    `INSERT INTO ${temp} (${cols.join(', ')})\n  SELECT ${cols.map((c) => select[c] ?? c).join(', ')} FROM ${table};`,
    // The old counter is at least every id ever given: ids of deleted rows stay unused.
    `DELETE FROM sqlite_sequence WHERE name = '${temp}';`,
    `INSERT INTO sqlite_sequence (name, seq) SELECT '${temp}', seq FROM sqlite_sequence WHERE name = '${table}';`,
    `DROP TABLE ${table};`,
    `ALTER TABLE ${temp} RENAME TO ${table};`,
    ...Object.entries(t.columns).flatMap(([n, c]) => uniqueWithin(table, n, c)),
    ...Object.entries(t.indexes).map(([name, col]) => createIndex(table, name, col)),
    ...(t.keyword ? [...dropKeyword('sqlite', table), ...keywordIndex('sqlite', table, t.keyword)] : []),
  ];
}
