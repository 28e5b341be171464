import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FieldMeta, Lang } from '../../../shared/entity-meta.js';
import type { AuthUser } from '../auth.js';
import type { Row } from '../db.js';
import type { TableName } from '../../../../generated/database.js';
import type { Cond } from './conds.js';
import { filterConds, type ListQuery } from './filters.js';
import { scoped, selectRecords, type CrudContext } from './reads.js';
import type { EntityRuntime } from './runtime.js';
import { withShopFigures } from './shop-figures.js';
import { guardFormula } from './csv-formula.js';
import { BOM, csvRecord } from './csv-record.js';
import { entities } from '../../../../generated/entities.js';
import { dynamic } from './dynamic.js';
import { runtimeOf } from './runtime.js';

const NUMERIC = new Set<FieldMeta['type']>(['integer', 'number']);

/** Rows read per query: the server holds one batch at a time, whatever the export's size. */
export const EXPORT_BATCH = 2000;

/** A batch of an export's rows, with the names its references show (per field: by referenced id). */
export interface ExportBatch {
  rows: Row[];
  names: Map<string, Map<number, unknown>>;
}

/** What an export writes: every readable field but secrets, JSON and passwords. */
export const exportFields = (rt: EntityRuntime): FieldMeta[] =>
  rt.readable.filter((f) => !f.secret && f.type !== 'json' && f.input !== 'password' && f.auto !== 'version');

/**
 * Every row the list's filters select (the caller's tenant scope applied), in id order, batch after batch: keyset
 * pages (`id > last`), so memory stays flat and late batches cost what early ones do.
 */
export function exportBatches(
  ctx: CrudContext,
  rt: EntityRuntime,
  query: ListQuery,
  user?: AuthUser,
  size = EXPORT_BATCH,
): AsyncGenerator<ExportBatch> {
  // Built now, so a bad filter is refused with the envelope before any CSV is sent.
  const conds = scoped(ctx, rt, user, filterConds(rt, query, ctx.db.dialect));
  return (async function* () {
    let last = 0;
    for (;;) {
      const after: Cond = { key: 'export-after', sql: '"id" > ?', params: [last] };
      const batch = await selectRecords(ctx, rt, [...conds, after], '"id" ASC', size);
      if (batch.length) {
        const rows = await withShopFigures(ctx, rt, batch, user);
        yield { rows, names: await refNames(ctx, rt, rows) };
      }
      if (batch.length < size) return;
      // A turn of the event loop between batches: a long export never holds other requests for more than one.
      await nextTurn();
      last = Number(batch[batch.length - 1].id);
    }
  })();
}

/** A reference whose target shows a field of its own (a shop's name), with that field; none for one shown by id. */
function displayOf(f: FieldMeta): { table: TableName; column: string } | undefined {
  const { ref } = f;
  const target = ref && entities[ref.resource];
  const field = ref && target && ref.display !== 'id' ? runtimeOf(target).field.get(ref.display) : undefined;
  return field && target && { table: runtimeOf(target).table, column: field.column };
}

/**
 * A reference as a reader of the file knows it: the referenced record's display field (a shop's name, an address's
 * name), read once per batch and target. Kept beside the rows, which are not copied to carry them.
 */
async function refNames(ctx: CrudContext, rt: EntityRuntime, batch: Row[]): Promise<ExportBatch['names']> {
  const out: ExportBatch['names'] = new Map();
  for (const f of exportFields(rt)) {
    const display = displayOf(f);
    if (!display) continue;
    const ids = [...new Set(batch.map((r) => r[f.name]).filter((v) => v !== null && v !== undefined))].map(Number);
    const names = new Map<number, unknown>();
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await dynamic(ctx.db.kysely)
        .selectFrom(display.table)
        .select(['id', `${display.column} as name`])
        .where('id', 'in', ids.slice(i, i + 1000))
        .execute();
      for (const row of rows) names.set(Number(row.id), row.name);
    }
    out.set(f.name, names);
  }
  return out;
}

/**
 * The CSV of an export as a stream (core/crud/csv-record.ts): UTF-8 with a BOM (spreadsheet programs then read Chinese
 * right), the fields' labels in `lang` as the header, enum values as their labels, text guarded against formulas
 * (numbers of number fields, such as `-5`, stay as they are).
 */
export function csvStream(rt: EntityRuntime, batches: AsyncGenerator<ExportBatch>, lang: Lang): Readable {
  const fields = exportFields(rt);
  const cell = (f: FieldMeta, v: unknown) => {
    if (v === null || v === undefined) return '';
    const label = f.enumLabels?.[String(v)];
    if (label) return guardFormula(label[lang]);
    if (typeof v === 'boolean') return v ? 1 : 0;
    return NUMERIC.has(f.type) || typeof v !== 'string' ? v : guardFormula(v);
  };
  // Which fields show a name, worked out once: a million rows would otherwise look it up for every cell.
  const plan = fields.map((f) => ({ f, named: !!displayOf(f) }));
  // A reference's column holds the referenced record's name; the id follows under the field's name, which an
  // import reads after the label's column, so the file still imports back as it was.
  const columns = plan.flatMap(({ f, named }) => [f.label[lang], ...(named ? [f.name] : [])]);
  const row = (r: Row, names: ExportBatch['names']) => {
    const out: unknown[] = [];
    for (const { f, named } of plan) {
      const v = r[f.name];
      if (!named) {
        out.push(cell(f, v));
        continue;
      }
      const name = v === null || v === undefined ? undefined : names.get(f.name)?.get(Number(v));
      out.push(cell(f, name === null || name === undefined || name === '' ? v : String(name)), cell(f, v));
    }
    return out;
  };
  return Readable.from(
    (async function* () {
      // The header goes with the first row (or alone, when there is none), as nothing is sent before a batch is read.
      let header = BOM + csvRecord(columns);
      for await (const { rows, names } of batches)
        for (const r of rows) {
          yield header + csvRecord(row(r, names));
          header = '';
        }
      if (header) yield header;
    })(),
    { objectMode: false },
  );
}
