/**
 * generated/migrations/{sqlite,postgres}/NNNN_<name>.sql + snapshot.json. The first run writes 0001_init; later runs
 * append one migration with the changes since snapshot.json (diff.ts). Statements are separated by lines holding `--;;`.
 */
import type { Model, Sources } from '../../model';
import { CodegenError } from '../../model';
import { json } from '../../print';
import { snakeCase } from '../../../../src/shared/sql-naming';
import { diffSnapshots, type Hints } from './diff';
import { emptySnapshot, snapshotOf, sqlLiteral, type Snapshot } from './snapshot';

export const SEPARATOR = '\n--;;\n';
const DIRS = { sqlite: 'sqlite', pg: 'postgres' } as const;

function migrationName(newTables: string[], altered: string[], grants: string[], first: boolean): string {
  if (first) return 'init';
  const name = newTables.length
    ? `add_${newTables.join('_')}`
    : altered.length
      ? `alter_${altered.join('_')}`
      : `access_${[...new Set(grants.map((g) => snakeCase(g.split(':')[0])))].join('_')}`;
  return name.length > 60 ? `${name.slice(0, 60).replace(/_+$/, '')}_etc` : name;
}

type RawSchema = {
  properties?: Record<
    string,
    {
      type?: string;
      default?: unknown;
      'x-admin'?: { renamedFrom?: string; backfill?: unknown; enumMap?: Record<string, unknown> };
    }
  >;
  'x-admin'?: { resource?: string; dropped?: string[]; renamedFrom?: string };
};

/** What the schemas say of their changes: renamed columns (`renamedFrom`), backfills, dropped columns. */
function hintsOf(model: Model, src: Sources): Hints {
  const table = (name: string) => model.entities.find((e) => e.name === name)?.table ?? '';
  const out = {
    renames: {} as Record<string, Record<string, string>>,
    backfills: {} as Record<string, Record<string, string>>,
    enumMaps: {} as Record<string, Record<string, [string, string][]>>,
    drops: {} as Record<string, string[]>,
    tables: {} as Record<string, string>,
    grants: {
      role: table('role'),
      resource: table('resource'),
      roleResource: table('roleResourceRelation'),
      menu: table('menu'),
      roleMenu: table('roleMenuRelation'),
    },
  };
  for (const raw of Object.values(src.schemas) as RawSchema[]) {
    const table = model.entities.find((e) => e.name === raw['x-admin']?.resource)?.table;
    if (!table) continue;
    for (const [name, p] of Object.entries(raw.properties ?? {})) {
      const { renamedFrom, backfill, enumMap } = p['x-admin'] ?? {};
      // Keys are JSON text: an integer enum's values are numbers.
      const value = (v: unknown) => sqlLiteral(p.type === 'string' ? String(v) : Number(v));
      if (enumMap)
        (out.enumMaps[table] ??= {})[snakeCase(name)] = Object.entries(enumMap).map(([from, to]) => [
          value(from),
          value(to),
        ]);
      if (renamedFrom) (out.renames[table] ??= {})[snakeCase(name)] = snakeCase(renamedFrom);
      if (backfill !== undefined) (out.backfills[table] ??= {})[snakeCase(name)] = sqlLiteral(backfill);
    }
    if (raw['x-admin']?.dropped) out.drops[table] = raw['x-admin'].dropped.map(snakeCase);
    if (raw['x-admin']?.renamedFrom) out.tables[table] = raw['x-admin'].renamedFrom;
  }
  return out;
}

export function emitMigrations(model: Model, src: Sources): Record<string, string> {
  // Migrations no database has run are written again, under their number and name, from the snapshot before them:
  // a schema corrected after a codegen run never leaves its first, wrong SQL behind as "up to date".
  const drafts = src.acceptDrift ? undefined : src.drafts;
  const draftName = drafts?.files.map((f) => /^sqlite\/(\d{4})_(.*)\.sql$/.exec(f)).find(Boolean);
  const kept = Object.entries(src.migrations).filter(([k]) => !drafts?.files.includes(k));
  const existing = Object.fromEntries(kept.map(([k, v]) => [`migrations/${k}`, v]));
  // Hand-written migrations (migrations/) take their numbers in the same sequence.
  const numbers = [...kept.map(([k]) => k), ...(src.handMigrations ?? [])]
    .map((k) => /^sqlite\/(\d{4})_/.exec(k)?.[1])
    .filter(Boolean)
    .map(Number);
  if (numbers.length && !src.migrations['snapshot.json']) {
    throw new CodegenError([
      'generated/migrations/snapshot.json is missing while migrations exist: restore it from git',
    ]);
  }
  const prevText = drafts?.base ?? src.migrations['snapshot.json'];
  const prev: Snapshot = prevText ? JSON.parse(prevText) : emptySnapshot();
  const next = snapshotOf(model);
  const snapshot = { 'migrations/snapshot.json': json(next) };
  if (src.acceptDrift) return { ...existing, ...snapshot };

  const diff = diffSnapshots(prev, next, hintsOf(model, src));
  if (diff.problems.length) {
    throw new CodegenError([
      ...diff.problems,
      'what the schemas cannot say needs a hand-written migration: add it as the next NNNN_<name>.sql in migrations/sqlite ' +
        'and migrations/postgres, then run `npm run codegen -- --accept-drift` to refresh snapshot.json',
    ]);
  }
  if (!diff.statements.sqlite.length) return { ...existing, ...snapshot };

  const n = draftName?.[1] ?? String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  const name = `${n}_${src.migrationName ?? draftName?.[2] ?? migrationName(diff.newTables, diff.alteredTables, diff.grantsChanged ?? [], numbers.length === 0)}`;
  const files: Record<string, string> = { ...existing, ...snapshot };
  for (const [dialect, dir] of Object.entries(DIRS) as [keyof typeof DIRS, string][]) {
    let head = `-- ${name} (${dir}). Generated by \`npm run codegen\`; statements are separated by --;; lines.\n`;
    // The runner switches SQLite's foreign keys off around a file that rebuilds a table, and checks them before commit.
    if (dialect === 'sqlite' && diff.foreignKeysOff) head += '-- foreign_keys: off\n';
    files[`migrations/${dir}/${name}.sql`] = head + diff.statements[dialect].join(SEPARATOR) + '\n';
  }
  return files;
}
