/**
 * generated/database.ts: the Kysely `Database` of the server: one `<Entity>Table` interface per entity, columns as the
 * migrations store them (snapshot.ts decides NOT NULL and DEFAULT), the SQLite keyword-index tables, and the `tables`
 * (entity → table) and `columns` (entity → field → column) maps domain code takes its SQL names from.
 */
import type { FieldMeta } from '../../../src/shared/entity-meta';
import { ftsTable } from '../../../src/shared/sql-naming';
import type { Model } from '../model';
import { BANNER, key, literal, pascal } from '../print';
import { snapshotOf, type ColumnSnap } from './migrations/snapshot';

/** The TypeScript type a column reads back as, on both dialects (db.ts parses PostgreSQL's int8, numeric, timestamptz). */
const TS_TYPE: Record<FieldMeta['type'], string> = {
  integer: 'number',
  number: 'number',
  boolean: 'Flag',
  datetime: 'string',
  date: 'string',
  time: 'string',
  string: 'string',
  json: 'Json',
};

function columnType(f: FieldMeta, c: ColumnSnap): string {
  if (f.name === 'id') return 'Generated<number>';
  const t = TS_TYPE[f.type] + (c.notNull ? '' : ' | null');
  // A column the database fills when an insert leaves it out.
  return c.default !== undefined ? `Generated<${t}>` : t;
}

export function emitDatabase(model: Model): Record<string, string> {
  const snap = snapshotOf(model);
  const byTable = [...model.entities].sort((a, b) => a.table.localeCompare(b.table));
  const interfaces = model.entities.map((e) => {
    const cols = e.fields.map((f) => `  ${f.column}: ${columnType(f, snap.tables[e.table].columns[f.column])};`);
    return `/** \`${e.table}\` (schemas/${e.name}.json). */\nexport interface ${pascal(e.name)}Table {\n${cols.join('\n')}\n}`;
  });
  const keyword = byTable
    .filter((e) => e.keyword)
    .map((e) => {
      const cols = e.keyword!.fields.map((n) => `${e.fields.find((f) => f.name === n)!.column}: string | null`);
      return `  ${ftsTable(e.table)}: { rowid: number; ${cols.join('; ')} };`;
    });
  const tables = Object.fromEntries(model.entities.map((e) => [e.name, e.table]));
  const columns = Object.fromEntries(
    model.entities.map((e) => [e.name, Object.fromEntries(e.fields.map((f) => [f.name, f.column]))]),
  );
  return {
    'database.ts': `${BANNER}import type { ColumnType, Generated } from 'kysely';
import type { EntityName } from './entities';

/** A JSON field: TEXT on SQLite (read back as text), JSONB on PostgreSQL (read back parsed); written as JSON text. */
export type Json = ColumnType<unknown, string, string>;
/** A boolean field: INTEGER 0/1 on SQLite, SMALLINT on PostgreSQL. */
export type Flag = ColumnType<number, number | boolean, number | boolean>;

${interfaces.join('\n\n')}

/** Every table the migrations create in both dialects, by name. */
export interface Database {
${byTable.map((e) => `  ${e.table}: ${pascal(e.name)}Table;`).join('\n')}
}

export type TableName = keyof Database;

/** SQLite only: the FTS5 keyword index of each table with keyword search (kept by triggers; \`rowid\` is the row's id). */
export interface KeywordIndexDatabase {
${keyword.join('\n')}
}

/** Entity → its table. */
export const tables = ${literal(tables)} as const satisfies Record<EntityName, TableName>;

/** Entity → field → column, for SQL the typed builder does not write (raw conditions, bulk loads). */
export const columns = {
${Object.entries(columns)
  .map(([n, c]) => `  ${key(n)}: ${literal(c, '  ')},`)
  .join('\n')}
} as const satisfies { [E in EntityName]: Record<string, keyof Database[(typeof tables)[E]]> };
`,
  };
}
