/**
 * Compare the previous snapshot with the current one and write the migration between them, for both databases,
 * keeping the data: new tables, columns, indexes and keyword search; renames the schemas state (`renamedFrom`);
 * required ↔ optional (existing rows backfilled from `x-admin.backfill` or the default); defaults; type changes that
 * convert (integer ↔ number, longer or shorter text); enum, unique and reference changes; drops the schemas state
 * (`x-admin.dropped`). A change that existing rows may not survive (a removed enum value, a duplicate under a new
 * unique, a fraction in a new integer, a longer text, a reference to a missing row) is preceded by a count the
 * migration runner refuses to go past. On SQLite, what ALTER TABLE cannot do rebuilds the table. Anything else —
 * a table removed, a type that does not convert — is reported as a problem that needs a hand-written migration.
 */
import { NUMBER_PRECISION, NUMBER_SCALE } from '../../../../src/shared/constants';
import type { Dialect } from './sql';
import {
  PG_TRGM,
  addColumn,
  createIndex,
  createTable,
  dropIndex,
  dropKeyword,
  keywordIndex,
  pgDropConstraint,
  refuseIfAny,
  renameColumn,
  sqliteRebuild,
  uniqueName,
  uniqueWithin,
} from './sql';
import { sqlLiteral, type AccessSnap, type ColumnSnap, type Snapshot, type TableSnap } from './snapshot';

export interface Diff {
  problems: string[];
  newTables: string[];
  alteredTables: string[];
  statements: Record<Dialect, string[]>;
  /** A SQLite table is rebuilt: the migration runs with foreign keys off and checks them before commit. */
  foreignKeysOff: boolean;
  /** Who gets what differently (`brand: Operator write → read`), for the migration's name and comments. */
  grantsChanged?: string[];
}

/** What the schemas say of a change beyond the shape itself, by table and column. */
export interface Hints {
  /** New column → old column. */
  renames?: Record<string, Record<string, string>>;
  /** Column → SQL literal given to existing rows without a value when the column becomes required. */
  backfills?: Record<string, Record<string, string>>;
  /** Column → [old value, new value] SQL literals: rows moved off enum values before the enum narrows. */
  enumMaps?: Record<string, Record<string, [string, string][]>>;
  /** Columns whose data the schema says to drop. */
  drops?: Record<string, string[]>;
  /** New table → old table, for tables the schemas say were renamed. */
  tables?: Record<string, string>;
  /** The permission tables grants are written to (entity → table). */
  grants?: { role: string; resource: string; roleResource: string; menu: string; roleMenu: string };
}

/** The property a column was made from (`first_letter` → `firstLetter`). */
const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Tables in creation order: referenced tables first, then by name. */
function creationOrder(tables: Record<string, TableSnap>, names: string[]): string[] {
  const out: string[] = [];
  const visit = (n: string, path: string[]) => {
    if (out.includes(n) || path.includes(n) || !names.includes(n)) return;
    for (const c of Object.values(tables[n].columns)) if (c.ref && c.ref.table !== n) visit(c.ref.table, [...path, n]);
    out.push(n);
  };
  [...names].sort().forEach((n) => visit(n, []));
  return out;
}

const textLength = (pg: string) => (pg === 'TEXT' ? Infinity : Number(/^VARCHAR\((\d+)\)$/.exec(pg)?.[1] ?? NaN));
const isText = (c: ColumnSnap) => c.sqlite === 'TEXT' && !Number.isNaN(textLength(c.pg));

/**
 * How one column's type changes: the PostgreSQL type to convert to, SQLite's cast when its storage changes, and the
 * rows that would not survive (a count condition with its message). `undefined`: the change does not convert.
 */
function typeChange(
  t: string,
  c: string,
  from: ColumnSnap,
  to: ColumnSnap,
): { sqliteCast?: string; refuse?: [string, string] } | undefined {
  if (from.pg === 'BIGINT' && to.pg.startsWith('NUMERIC')) {
    const limit = `1${'0'.repeat(NUMBER_PRECISION - NUMBER_SCALE)}`;
    return {
      sqliteCast: `CAST(${c} AS REAL)`,
      refuse: [`abs(${c}) >= ${limit}`, `{n} rows of ${t} hold a ${c} too large for a number (at most ${limit})`],
    };
  }
  if (from.pg.startsWith('NUMERIC') && to.pg === 'BIGINT')
    return {
      sqliteCast: `CAST(${c} AS INTEGER)`,
      refuse: [`${c} <> round(${c})`, `{n} rows of ${t} hold a fraction in ${c}, which becomes an integer`],
    };
  if (isText(from) && isText(to)) {
    const max = textLength(to.pg);
    return max >= textLength(from.pg)
      ? {}
      : { refuse: [`length(${c}) > ${max}`, `{n} rows of ${t} hold a ${c} longer than ${max} characters`] };
  }
  return undefined;
}

const count = (t: string, where: string) => `SELECT count(*) AS n FROM ${t} WHERE ${where}`;

/** The count of values of `c` held by more than one row (of one `within`), which a new unique index refuses. */
const duplicates = (t: string, c: string, within?: string) =>
  refuseIfAny(
    `{n} values of ${t}.${c} are held by more than one row` +
      (within ? ` of one ${within}: change them first` : `: a unique ${c} needs them changed first`),
    `SELECT count(*) AS n FROM (SELECT ${c} FROM ${t} WHERE ${c} IS NOT NULL ` +
      `GROUP BY ${within ? `${within}, ` : ''}${c} HAVING count(*) > 1) d`,
  );

/** The statements of one table both snapshots have: per dialect, and whether SQLite must rebuild it. */
function alterTable(
  t: string,
  p: TableSnap,
  n: TableSnap,
  hints: Hints,
  enumsKnown: boolean,
  problems: string[],
): { head: string[]; checks: string[]; sqlite: string[]; pg: string[]; rebuild: boolean } {
  const checks: string[] = [];
  const moves: string[] = [];
  const pg: string[] = [];
  const sqlite: string[] = [];
  const select: Record<string, string> = {};
  let rebuild = false;
  const refuse = (where: string, message: string) => checks.push(refuseIfAny(message, count(t, where)));

  // A stated rename whose old column is still there and whose new one is not yet: renamed in place (both databases
  // say `ALTER TABLE … RENAME COLUMN`; SQLite rewrites the indexes and triggers that name it), data kept; any other
  // change to it follows under the new name.
  const prev: Record<string, ColumnSnap> = { ...p.columns };
  const renames: string[] = [];
  for (const [to, from] of Object.entries(hints.renames?.[t] ?? {}))
    if (p.columns[from] && !p.columns[to] && n.columns[to] && !n.columns[from]) {
      renames.push(renameColumn(t, from, to));
      prev[to] = prev[from];
      delete prev[from];
    } else if (!p.columns[from] && !p.columns[to]) {
      const gone = Object.keys(p.columns).filter((c) => !n.columns[c]);
      problems.push(
        `column ${t}.${to}: "renamedFrom": "${camelCase(from)}" names no column ${t} has. Fix: the property's ` +
          `name before the rename` +
          (gone.length ? `, one of ${gone.map((c) => `"${camelCase(c)}"`).join(', ')}` : '') +
          ` (or no renamedFrom, for a new property)`,
      );
    } else if (n.columns[from])
      problems.push(
        `column ${t}.${to}: "renamedFrom": "${camelCase(from)}" is still a property. Fix: remove the old property, ` +
          `or the renamedFrom`,
      );

  for (const [c, pc] of Object.entries(prev)) {
    const nc = n.columns[c];
    if (!nc) {
      if (hints.drops?.[t]?.includes(c)) {
        pg.push(`ALTER TABLE ${t} DROP COLUMN ${c};`);
        rebuild = true;
      } else
        problems.push(
          `column ${t}.${c} was removed: to drop it and its data say so on the entity, ` +
            `"x-admin": { "dropped": ["${camelCase(c)}"] }; for a rename, ` +
            `"x-admin": { "renamedFrom": "${camelCase(c)}" } on the property that replaces it`,
        );
      continue;
    }
    if (same(pc, nc)) continue;
    if (pc.sqlite !== nc.sqlite || pc.pg !== nc.pg) {
      const change = typeChange(t, c, pc, nc);
      if (!change) {
        problems.push(`column ${t}.${c} changes type ${pc.pg} → ${nc.pg}, which does not convert: write the migration`);
        continue;
      }
      if (change.refuse) refuse(`${c} IS NOT NULL AND ${change.refuse[0]}`, change.refuse[1]);
      if (pc.pg !== nc.pg) pg.push(`ALTER TABLE ${t} ALTER COLUMN ${c} TYPE ${nc.pg} USING ${c}::${nc.pg};`);
      if (change.sqliteCast) {
        select[c] = change.sqliteCast;
        rebuild = true;
      }
    }
    if (nc.enum && enumsKnown && !same(pc.enum, nc.enum)) {
      // The schema's `enumMap` moves the rows off the values taken out first: the count below then finds none.
      for (const [from, to] of hints.enumMaps?.[t]?.[c] ?? [])
        moves.push(`UPDATE ${t} SET ${c} = ${to} WHERE ${c} = ${from};`);
      const removed = pc.enum?.filter((v) => !nc.enum!.includes(v));
      if (!pc.enum || removed!.length)
        refuse(
          `${c} IS NOT NULL AND ${c} NOT IN (${nc.enum.map(sqlLiteral).join(', ')})`,
          `{n} rows of ${t} hold a ${c} the schema no longer allows (` +
            (pc.enum ? `removed: ${removed!.join(', ')}` : `allowed: ${nc.enum.join(', ')}`) +
            `): change them first, or move them in the migration with "x-admin": { "enumMap": { "<old>": <new> } } ` +
            `on ${t}.${c}'s property`,
        );
    }
    if (!pc.notNull && nc.notNull) {
      const fill = hints.backfills?.[t]?.[c] ?? nc.default;
      if (fill === undefined)
        problems.push(
          `column ${t}.${c} becomes required: existing rows without a value need one, a "default" or ` +
            `"x-admin": { "backfill": <value> } on the property`,
        );
      pg.push(`UPDATE ${t} SET ${c} = ${fill} WHERE ${c} IS NULL;`, `ALTER TABLE ${t} ALTER COLUMN ${c} SET NOT NULL;`);
      select[c] = `coalesce(${select[c] ?? c}, ${fill})`;
      rebuild = true;
    } else if (pc.notNull && !nc.notNull) {
      pg.push(`ALTER TABLE ${t} ALTER COLUMN ${c} DROP NOT NULL;`);
      rebuild = true;
    }
    if (pc.default !== nc.default) {
      pg.push(
        `ALTER TABLE ${t} ALTER COLUMN ${c} ${nc.default === undefined ? 'DROP DEFAULT' : `SET DEFAULT ${nc.default}`};`,
      );
      rebuild = true;
    }
    if (!pc.unique && nc.unique) {
      checks.push(duplicates(t, c));
      const made = `CREATE UNIQUE INDEX ${uniqueName(t, c)} ON ${t} (${c});`;
      pg.push(made);
      sqlite.push(made);
    } else if (pc.unique && !nc.unique) {
      pg.push(pgDropConstraint(t, c, 'u'), `DROP INDEX IF EXISTS ${uniqueName(t, c)};`);
      rebuild = true;
    }
    if (pc.uniqueWith !== nc.uniqueWith) {
      const drop = pc.uniqueWith ? [`DROP INDEX IF EXISTS ${uniqueName(t, c)};`] : [];
      if (nc.uniqueWith) checks.push(duplicates(t, c, nc.uniqueWith));
      pg.push(...drop, ...uniqueWithin(t, c, nc));
      sqlite.push(...drop, ...uniqueWithin(t, c, nc));
    }
    if (!same(pc.ref, nc.ref)) {
      if (nc.ref && nc.ref.table !== pc.ref?.table)
        refuse(
          `${c} IS NOT NULL AND ${c} NOT IN (SELECT id FROM ${nc.ref.table})`,
          `{n} rows of ${t} name in ${c} a row of ${nc.ref.table} that does not exist: change them first`,
        );
      if (pc.ref) pg.push(pgDropConstraint(t, c, 'f'));
      if (nc.ref)
        pg.push(
          `ALTER TABLE ${t} ADD FOREIGN KEY (${c}) REFERENCES ${nc.ref.table} (id) ON DELETE ${nc.ref.onDelete};`,
        );
      rebuild = true;
    }
  }

  for (const [c, nc] of Object.entries(n.columns).filter(([c]) => !prev[c])) {
    const fill = hints.backfills?.[t]?.[c];
    if (nc.notNull && nc.default === undefined && fill === undefined) {
      problems.push(
        `new column ${t}.${c} is required but has no default: existing rows need a value, a "default" or ` +
          `"x-admin": { "backfill": <value> } on the property`,
      );
    } else if (nc.notNull && nc.default === undefined) {
      pg.push(
        ...addColumn('pg', t, c, { ...nc, notNull: undefined }),
        `UPDATE ${t} SET ${c} = ${fill};`,
        `ALTER TABLE ${t} ALTER COLUMN ${c} SET NOT NULL;`,
      );
      rebuild = true;
    } else {
      pg.push(...addColumn('pg', t, c, nc));
      sqlite.push(...addColumn('sqlite', t, c, nc));
    }
    select[c] = fill ?? nc.default ?? 'NULL';
  }

  // An index holds no data of its own: one no longer derived is dropped, a changed one rebuilt.
  const indexes: string[] = [];
  for (const name of Object.keys(p.indexes).filter((name) => p.indexes[name] !== n.indexes[name]))
    indexes.push(dropIndex(name));
  for (const [name, col] of Object.entries(n.indexes).filter(([name]) => p.indexes[name] !== n.indexes[name]))
    indexes.push(createIndex(t, name, col));
  const keyword = (d: Dialect) =>
    same(p.keyword, n.keyword)
      ? []
      : [...(p.keyword ? dropKeyword(d, t) : []), ...(n.keyword ? keywordIndex(d, t, n.keyword) : [])];

  return {
    // Renames and moved values first, then every count a change must pass (all of the migration's, so a refusal
    // names each table and column in the way), then the changes.
    head: [...renames, ...moves],
    checks,
    pg: [...pg, ...indexes, ...keyword('pg')],
    // A rebuilt table is made whole from the snapshot: its columns, uniques, indexes and keyword search.
    sqlite: rebuild ? sqliteRebuild(t, n, select) : [...sqlite, ...indexes, ...keyword('sqlite')],
    rebuild,
  };
}

/**
 * What changed in who gets an entity, applied to the grants of a database that has them (a new database, or an
 * entity new to it, is granted by the seed when it makes the menu and resource rows): for each role whose level
 * changed, the grant of what it no longer gets is removed (the whole API, or its writes, or its menu) and the new
 * one added — when the resource row exists (a read resource an entity never had is made and granted at the next start).
 */
function accessStatements(
  prev: Record<string, AccessSnap>,
  next: Record<string, AccessSnap>,
  t: NonNullable<Hints['grants']>,
): { statements: string[]; changes: string[] } {
  const statements: string[] = [];
  const changes: string[] = [];
  const role = (name: string) => `SELECT id FROM ${t.role} WHERE name = ${sqlLiteral(name)}`;
  const urlOf = (a: AccessSnap, level: 'write' | 'read') => (level === 'write' ? `${a.url}/**` : `GET ${a.url}/**`);
  const grantMenus = (name: string, menus: string[]) =>
    `INSERT INTO ${t.roleMenu} (role_id, menu_id)\n` +
    `  SELECT r.id, m.id FROM ${t.role} r, ${t.menu} m WHERE r.name = ${sqlLiteral(name)} AND m.name IN (${menus.map(sqlLiteral).join(', ')})\n` +
    `  AND NOT EXISTS (SELECT 1 FROM ${t.roleMenu} x WHERE x.role_id = r.id AND x.menu_id = m.id);`;
  for (const [entity, n] of Object.entries(next).sort(([a], [b]) => a.localeCompare(b))) {
    const p = prev[entity];
    if (!p) continue;
    for (const [name, level] of Object.entries(n.roles)) {
      const was = p.roles[name] ?? 'none';
      if (was === level) continue;
      const change: string[] = [];
      if (was !== 'none')
        change.push(
          `DELETE FROM ${t.roleResource} WHERE role_id IN (${role(name)})\n` +
            `  AND resource_id IN (SELECT id FROM ${t.resource} WHERE url = ${sqlLiteral(urlOf(p, was))});`,
        );
      if (level !== 'none')
        change.push(
          `INSERT INTO ${t.roleResource} (role_id, resource_id)\n` +
            `  SELECT r.id, s.id FROM ${t.role} r, ${t.resource} s WHERE r.name = ${sqlLiteral(name)} AND s.url = ${sqlLiteral(urlOf(n, level))}\n` +
            `  AND NOT EXISTS (SELECT 1 FROM ${t.roleResource} x WHERE x.role_id = r.id AND x.resource_id = s.id);`,
        );
      // The entity's menus follow: taken with the last of it, given (with their group's) with the first.
      if (level === 'none' && n.menus.length)
        change.push(
          `DELETE FROM ${t.roleMenu} WHERE role_id IN (${role(name)})\n` +
            `  AND menu_id IN (SELECT id FROM ${t.menu} WHERE name IN (${n.menus.map(sqlLiteral).join(', ')}));`,
        );
      if (was === 'none' && n.menus.length) change.push(grantMenus(name, [...(n.group ? [n.group] : []), ...n.menus]));
      changes.push(`${entity}: ${name} ${was} → ${level}`);
      statements.push(`-- ${changes.at(-1)}\n${change[0]}`, ...change.slice(1));
    }
  }
  return { statements, changes };
}

/**
 * The previous snapshot as if the stated table renames had been made: each renamed table under its new name, and the
 * references to it with it (both databases carry those along: PostgreSQL by the table's identity, SQLite's RENAME
 * rewrites them). Its indexes and keyword search keep their old names, which the comparison then replaces.
 */
function withTableRenames(
  prev: Snapshot,
  next: Snapshot,
  renames: Record<string, string>,
): [Snapshot, [string, string][]] {
  const done = Object.entries(renames).filter(([to, from]) => prev.tables[from] && !prev.tables[to] && next.tables[to]);
  if (!done.length) return [prev, []];
  const newName = new Map(done.map(([to, from]) => [from, to]));
  const tables: Record<string, TableSnap> = {};
  for (const [name, t] of Object.entries(prev.tables)) {
    const columns = Object.fromEntries(
      Object.entries(t.columns).map(([c, col]) => [
        c,
        col.ref && newName.has(col.ref.table)
          ? { ...col, ref: { ...col.ref, table: newName.get(col.ref.table)! } }
          : col,
      ]),
    );
    tables[newName.get(name) ?? name] = { ...t, columns };
  }
  return [{ ...prev, tables }, done.map(([to, from]) => [from, to])];
}

export function diffSnapshots(before: Snapshot, next: Snapshot, hints: Hints = {}): Diff {
  const [prev, renamedTables] = withTableRenames(before, next, hints.tables ?? {});
  const d: Diff = {
    problems: [],
    newTables: [],
    alteredTables: [],
    statements: { sqlite: [], pg: [] },
    foreignKeysOff: false,
  };
  const emit = (make: (dialect: Dialect) => string | string[]) =>
    (['sqlite', 'pg'] as const).forEach((dialect) => d.statements[dialect].push(...[make(dialect)].flat()));

  for (const t of Object.keys(prev.tables))
    if (!next.tables[t])
      d.problems.push(
        `table ${t} was removed or renamed: for a rename say "x-admin": { "renamedFrom": "${t}" } on the entity; ` +
          `a table is dropped only by a hand-written migration`,
      );
  // A renamed table is renamed first; its keyword search (SQLite: a full-text table and triggers named after it,
  // PostgreSQL: an index) is made again under the new name, the old one dropped. The rest is compared below.
  for (const [from, to] of renamedTables) {
    emit((dialect) => [
      `ALTER TABLE ${from} RENAME TO ${to};`,
      ...(before.tables[from].keyword ? dropKeyword(dialect, from) : []),
      ...(next.tables[to].keyword ? keywordIndex(dialect, to, next.tables[to].keyword!) : []),
    ]);
    d.alteredTables.push(to);
    prev.tables[to].keyword = next.tables[to].keyword;
  }
  const added = creationOrder(
    next.tables,
    Object.keys(next.tables).filter((t) => !prev.tables[t]),
  );
  for (const t of added) {
    const nt = next.tables[t];
    d.newTables.push(t);
    emit((dialect) => createTable(dialect, t, nt));
    for (const [name, col] of Object.entries(nt.indexes)) emit(() => createIndex(t, name, col));
    if (nt.keyword) emit((dialect) => keywordIndex(dialect, t, nt.keyword!));
  }
  // A version 1 snapshot did not record enums: they are taken as they are now.
  const enumsKnown = prev.version >= 2;
  const changes = Object.keys(next.tables)
    .filter((t) => prev.tables[t])
    .sort()
    .map((t) => ({ t, ...alterTable(t, prev.tables[t], next.tables[t], hints, enumsKnown, d.problems) }))
    .filter((c) => c.head.length || c.checks.length || c.sqlite.length || c.pg.length);
  for (const part of ['head', 'checks', 'body'] as const)
    for (const change of changes) {
      if (!d.alteredTables.includes(change.t)) d.alteredTables.push(change.t);
      emit((dialect) => (part === 'body' ? change[dialect] : change[part]));
      d.foreignKeysOff ||= change.rebuild;
    }
  if (prev.access && next.access && hints.grants) {
    const grants = accessStatements(prev.access, next.access, hints.grants);
    emit(() => grants.statements);
    if (grants.changes.length) d.grantsChanged = grants.changes;
  }
  if (d.statements.pg.some((s) => s.includes('gin_trgm_ops'))) d.statements.pg.unshift(PG_TRGM);
  return d;
}
