import type { EntityMeta, FieldMeta } from '../../../shared/entity-meta.js';
import { entities, type EntityName } from '../../../../generated/entities.js';
import { tables, type TableName } from '../../../../generated/database.js';
import { q } from '../db.js';
import { recordSchema } from './schemas.js';

/** What the generic layer precomputes once per entity. */
export interface EntityRuntime {
  meta: EntityMeta;
  table: TableName;
  field: Map<string, FieldMeta>;
  /** Fields sent back (writeOnly excluded). */
  readable: FieldMeta[];
  /** `"id", "first_letter" AS "firstLetter", …` for raw reads. */
  selectSql: string;
  /** Kysely select list (`first_letter as firstLetter`). */
  selectList: string[];
  /** Fields needing conversion on the way out (booleans on SQLite, JSON text, secrets). */
  convert: FieldMeta[];
  recordSchema: Record<string, unknown>;
}

const runtimes = new Map<string, EntityRuntime>();

const TABLES = new Set<string>(Object.values(tables));
const isTable = (name: string): name is TableName => TABLES.has(name);

/** The entity's table as a name of the typed database (generated/database.ts holds every entity's). */
function tableOf(meta: EntityMeta): TableName {
  if (!isTable(meta.table))
    throw new Error(`Table ${meta.table} of "${meta.name}" is not in generated/database.ts (run npm run codegen)`);
  return meta.table;
}

export function runtimeOf(meta: EntityMeta): EntityRuntime {
  let rt = runtimes.get(meta.name);
  if (!rt) {
    const readable = meta.fields.filter((f) => !f.writeOnly);
    rt = {
      meta,
      table: tableOf(meta),
      field: new Map(meta.fields.map((f) => [f.name, f])),
      readable,
      selectSql: readable.map((f) => (f.column === f.name ? q(f.column) : `${q(f.column)} AS ${q(f.name)}`)).join(', '),
      selectList: readable.map((f) => (f.column === f.name ? f.column : `${f.column} as ${f.name}`)),
      convert: readable.filter((f) => f.type === 'boolean' || f.type === 'json' || f.secret),
      recordSchema: recordSchema(readable),
    };
    runtimes.set(meta.name, rt);
  }
  return rt;
}

/** Runtime of a generated entity by name; throws when codegen has not produced it. */
export function runtime(name: EntityName): EntityRuntime {
  return runtimeNamed(name);
}

/** Runtime of the entity a schema names as text (a child list's or a reference's resource); throws when unknown. */
export function runtimeNamed(name: string): EntityRuntime {
  const meta = entities[name];
  if (!meta) throw new Error(`Unknown entity "${name}" (run npm run codegen)`);
  return runtimeOf(meta);
}

export const hasEntity = (name: string) => Boolean(entities[name]);

const isEntityName = (name: string): name is EntityName => Object.hasOwn(entities, name);

/** A generated entity's name read as text (from its meta), checked: throws when codegen has not produced it. */
export function entityName(name: string): EntityName {
  if (!isEntityName(name)) throw new Error(`Unknown entity "${name}" (run npm run codegen)`);
  return name;
}
