/**
 * Compare the previous snapshot with the current one. Additions (new tables, columns, indexes, keyword search),
 * index changes and column renames the schemas state (`renamedFrom`) are migrated automatically; anything else is
 * reported as a problem that needs a hand-written migration.
 */
import type { Dialect } from './sql';
import { PG_TRGM, addColumn, createIndex, createTable, dropIndex, keywordIndex, renameColumn } from './sql';
import type { Snapshot, TableSnap } from './snapshot';

export interface Diff {
  problems: string[];
  newTables: string[];
  alteredTables: string[];
  statements: Record<Dialect, string[]>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Per table, the columns the schemas say were renamed: new column → old column. */
export type Renames = Record<string, Record<string, string>>;

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

export function diffSnapshots(prev: Snapshot, next: Snapshot, renames: Renames = {}): Diff {
  const d: Diff = { problems: [], newTables: [], alteredTables: [], statements: { sqlite: [], pg: [] } };
  const emit = (make: (dialect: Dialect) => string | string[]) =>
    (['sqlite', 'pg'] as const).forEach((dialect) => d.statements[dialect].push(...[make(dialect)].flat()));

  for (const t of Object.keys(prev.tables)) if (!next.tables[t]) d.problems.push(`table ${t} was removed or renamed`);
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
  for (const t of Object.keys(next.tables)
    .filter((t) => prev.tables[t])
    .sort()) {
    const [p, n] = [prev.tables[t], next.tables[t]];
    const before = d.statements.sqlite.length;
    // A stated rename whose old column is still there and whose new one is not yet: renamed in place (both databases
    // say `ALTER TABLE … RENAME COLUMN`; SQLite rewrites the indexes and triggers that name it), data kept. A rename
    // that also changes the column is two steps: rename first, change after.
    const renamed = new Map<string, string>();
    for (const [to, from] of Object.entries(renames[t] ?? {}))
      if (p.columns[from] && !p.columns[to] && n.columns[to] && !n.columns[from]) {
        if (!same(p.columns[from], n.columns[to]))
          d.problems.push(
            `column ${t}.${from} renamed to ${to} and changed: rename it first, change it in a later step`,
          );
        else {
          renamed.set(from, to);
          emit(() => renameColumn(t, from, to));
        }
      }
    for (const [c, pc] of Object.entries(p.columns)) {
      if (renamed.has(c)) continue;
      if (!n.columns[c])
        d.problems.push(
          `column ${t}.${c} was removed or renamed (a rename: "x-admin": { "renamedFrom": "<old name>" } on the property)`,
        );
      else if (!same(pc, n.columns[c]))
        d.problems.push(`column ${t}.${c} changed (${JSON.stringify(pc)} → ${JSON.stringify(n.columns[c])})`);
    }
    const wasRenamed = new Set(renamed.values());
    for (const [c, nc] of Object.entries(n.columns).filter(([c]) => !p.columns[c] && !wasRenamed.has(c))) {
      if (nc.notNull && nc.default === undefined)
        d.problems.push(`new column ${t}.${c} is required but has no default`);
      else emit((dialect) => addColumn(dialect, t, c, nc));
    }
    // An index holds no data of its own: one no longer derived is dropped, a changed one rebuilt.
    for (const name of Object.keys(p.indexes).filter((name) => p.indexes[name] !== n.indexes[name]))
      emit(() => dropIndex(name));
    for (const [name, col] of Object.entries(n.indexes).filter(([name]) => p.indexes[name] !== n.indexes[name]))
      emit(() => createIndex(t, name, col));
    if (p.keyword && !same(p.keyword, n.keyword)) d.problems.push(`keyword search columns of ${t} changed`);
    if (!p.keyword && n.keyword) emit((dialect) => keywordIndex(dialect, t, n.keyword!));
    if (d.statements.sqlite.length > before) d.alteredTables.push(t);
  }
  if (d.statements.pg.some((s) => s.includes('gin_trgm_ops'))) d.statements.pg.unshift(PG_TRGM);
  return d;
}
