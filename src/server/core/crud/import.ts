import { isUtf8 } from 'node:buffer';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse as parser } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../../generated/database.js';
import type { FieldMeta } from '../../../shared/entity-meta.js';
import { ResultCode } from '../../../shared/envelope.js';
import { Messages } from '../../../shared/messages.js';
import type { AuthUser } from '../auth.js';
import { ApiError, validationFailed } from '../envelope.js';
import type { Db, Row } from '../db.js';
import type { EntityRuntime } from './runtime.js';
import type { ImportReport } from './records.js';
import type { WriteOrigin } from './records.js';
import { isConstraintError } from '../errors.js';
import { deleteRecords, insertMany, prepareCreate, runWrite, writeContext, type NewRecord } from './writes.js';
import { unguardFormula } from './csv-formula.js';
import { BatchReads } from './batch-reads.js';
import { readRefsAhead } from './refs.js';
import { readShopsAhead } from './tenancy.js';

export type { ImportReport };

/** At most this many rows per import; at most this many refusals reported. */
export const MAX_IMPORT_ROWS = 100_000;
const MAX_REPORTED = 1000;
/** Rows checked together (their references read ahead at once) by an import that is not paced. */
const JOB_BATCH_UNPACED = 200;
/** Rows after which an import on PostgreSQL vacuums its table (PostgreSQL's own `autovacuum_vacuum_insert_threshold`). */
const VACUUM_AFTER = 1000;

/** Bytes of a CSV file parsed between two turns of the event loop by a paced import (a millisecond's work or two). */
const PARSE_CHUNK = 64 * 1024;
const CSV_OPTIONS = { skip_empty_lines: true, relax_column_count: true } as const;

/**
 * A row's cells: each as text, or undefined where its bytes are not UTF-8 (named by its row and column, never stored
 * as U+FFFD).
 */
type Cells = (string | undefined)[];

/**
 * The file's rows. A file that is UTF-8 throughout (as good as every one) is parsed to text: 100,000 rows of seven
 * cells weigh 33 MB and parse in half the time, against 169 MB as a Buffer a cell, which the import then held
 * until it stored its rows. Any other is parsed to bytes, each cell decoded on its own: UTF-8 never has a comma, a
 * quote or a line break inside a character, so a file's cells are the same either way.
 */
async function parseCells(bytes: Buffer, paced: boolean): Promise<Cells[]> {
  const text = isUtf8(bytes);
  const rows = await parseRows(bytes, paced, text ? 'utf8' : null);
  return text ? (rows as string[][]) : (rows as Buffer[][]).map((row) => row.map(decodeCell));
}

/**
 * The file's records (cells as text with `encoding`, else as bytes). Paced (a job), a piece at a time with a turn of
 * the event loop after each: in one go 100,000 rows (9 MB) held it 0.3 s idle and about a second beside clients, while
 * a write of this process waited for its turn of SQLite's write lock; granted then, it held every other worker's
 * writes too.
 */
async function parseRows(bytes: Buffer, paced: boolean, encoding: 'utf8' | null): Promise<unknown[][]> {
  const options = { ...CSV_OPTIONS, encoding };
  if (!paced) return parse(bytes, options) as unknown[][];
  const rows: unknown[][] = [];
  let failure: unknown;
  const csv = parser(options)
    .on('data', (row: unknown[]) => rows.push(row))
    .on('error', (e) => (failure ??= e));
  const ended = finished(csv);
  ended.catch(() => {});
  try {
    for (let at = 0; at < bytes.length; at += PARSE_CHUNK) {
      await new Promise<void>((resolve, reject) =>
        csv.write(bytes.subarray(at, at + PARSE_CHUNK), (e) => (e ? reject(e) : resolve())),
      );
      await nextTurn();
    }
    csv.end();
    await ended;
  } catch (e) {
    throw failure ?? e;
  }
  return rows;
}

/** A header cell → the field it names: its name, or its label in either language (what an export writes). */
function headerMap(rt: EntityRuntime, header: string[]): (FieldMeta | undefined)[] {
  const norm = (s: string) => s.trim().toLowerCase();
  return header.map((h) =>
    rt.meta.fields.find((f) => [f.name, f.label.en, f.label.zh].some((n) => norm(n) === norm(h))),
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const NOT_UTF8 = 'is not UTF-8 text (save the file as CSV UTF-8)';

const withoutBom = (bytes: Buffer) => (bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes);

/** A cell's text, or undefined when its bytes are not UTF-8 (never stored as U+FFFD). */
function decodeCell(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A cell as the field's input: enum labels back to their values, empty as no value, text as exported (unguarded). */
function cellValue(f: FieldMeta, raw: string): unknown {
  const v = raw.trim();
  if (v === '') return undefined;
  if (f.type === 'string' && !f.enum) return unguardFormula(v);
  if (f.enum) {
    const byLabel = Object.entries(f.enumLabels ?? {}).find(([, l]) => l.en === v || l.zh === v)?.[0];
    const key = byLabel ?? v;
    const value = f.enum.find((e) => String(e) === key);
    return value ?? v;
  }
  return v;
}

/** Whether `ms` milliseconds have passed since the last restart (never, without `ms`). */
function sliceTimer(ms?: number) {
  let since = performance.now();
  return {
    spent: () => ms !== undefined && performance.now() - since >= ms,
    restart: () => {
      since = performance.now();
    },
  };
}

/**
 * What earlier runs of one import stored (a job's staging record, core/jobs.ts): the first `stored` rows of the file,
 * whose ids are `ids` (ranges `[first, last]`); `undo` once they are to be removed, with the import's answer.
 */
export interface Staged {
  stored: number;
  ids: [number, number][];
  undo?: { message: string; data: unknown };
}

/** How an import run as a job paces itself (core/jobs.ts); the request's import takes none. */
export interface ImportPacing {
  /** Rows checked between two calls of `between`; rows stored in one transaction. */
  batch: number;
  /**
   * Milliseconds of work after which the import lets other requests run (`rest`), within a batch too: on SQLite every
   * statement runs on the event loop, and a batch of rows with references to follow can hold it far longer.
   */
  slice: number;
  /** A turn of the event loop. */
  rest(): Promise<void>;
  /** Awaited after each batch and before storing (progress, a turn of the event loop); throws to stop the import. */
  between(done: number, total: number): Promise<void>;
  /** Awaited inside a batch's transaction once a slice of time is spent (a turn of the event loop). */
  storing(): Promise<void>;
  /** Awaited once every row passed, before the first is stored: throws to stop the import, nothing stored. */
  beginStoring?(): Promise<void>;
  /** Awaited inside each batch's transaction, its rows written: notes what is stored (throws to roll it back). */
  staged?(trx: Transaction<Database>, staged: Staged): Promise<void>;
  /** Awaited between two stored batches (a rest; `rest` without it): throws to stop, what is stored staying staged. */
  next?(): Promise<void>;
  /** Awaited before the rows stored are removed, told why (`undo`): a stop then resumes the removal. */
  undoing?(staged: Staged): Promise<void>;
  /** What earlier runs stored: the rows after them are checked and stored (or, with `undo`, those are removed). */
  resume?: Staged;
}

/** A pacing callback's throw (a stop, a cancel): the rows stored so far stay, as staged. */
class Interrupted extends Error {
  constructor(readonly reason: unknown) {
    super('interrupted');
  }
}
const interruptible = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (e) {
    throw new Interrupted(e);
  }
};

/** The ranges of ids with `ids` added (a batch's, ascending: one range when nothing else was inserted between). */
function withIds(ranges: [number, number][], ids: number[]): [number, number][] {
  const out = ranges.map(([a, b]) => [a, b] as [number, number]);
  for (const id of ids) {
    const last = out[out.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else out.push([id, id]);
  }
  return out;
}

/** A row refused while the rows were stored (a concurrent write took its unique key, a reference went away). */
function storeRefusal(e: unknown, row: number, total: number): ApiError | undefined {
  const errors =
    e instanceof ApiError
      ? ((e.data as { errors?: Record<string, string> })?.errors ?? { row: e.message })
      : isConstraintError(e)
        ? { row: Messages.constraint }
        : undefined;
  if (!errors) return undefined;
  return new ApiError(ResultCode.VALIDATE_FAILED, `Validation Failed: 1 of ${total} rows refused, nothing imported`, {
    imported: 0,
    refused: [{ row, errors }],
  });
}

/** Removes the rows an import stored (through the delete pipeline, a batch at a time): it stays all or none. */
async function removeStored(db: Db, rt: EntityRuntime, staged: Staged, user?: AuthUser, pacing?: ImportPacing) {
  const batch = pacing?.batch ?? 200;
  let ids: number[] = [];
  const flush = async () => {
    if (!ids.length) return;
    await deleteRecords(db, rt, ids, user);
    ids = [];
    await pacing?.rest();
  };
  for (const [first, last] of staged.ids)
    for (let id = first; id <= last; id++) {
      ids.push(id);
      if (ids.length >= batch) await flush();
    }
  await flush();
}

/**
 * Imports a CSV (a header row of field names or labels, as an export writes them): every row checked as a create
 * through the API would be (the schema's validator, references, the caller's shops) — all of them, and if any is
 * refused nothing is stored and the report says which rows and why. Unpaced, all are stored in one transaction;
 * paced (a job), one transaction per batch, what is stored noted in each (`staged`): a row refused then (a concurrent
 * write) removes the rows stored before it, and a run stopped midway is resumed from there (`resume`). The entity's
 * hooks run as for a create (op `import`), their transaction steps once per transaction.
 */
export async function importCsv(
  db: Db,
  rt: EntityRuntime,
  file: unknown,
  user?: AuthUser,
  origin?: WriteOrigin,
  pacing?: ImportPacing,
): Promise<ImportReport> {
  const resume = pacing?.resume;
  if (resume?.undo) {
    // Stopped while removing what it stored: the removal goes on (deleting a row already gone changes nothing).
    await removeStored(db, rt, resume, user, pacing);
    throw new ApiError(ResultCode.VALIDATE_FAILED, resume.undo.message, resume.undo.data);
  }
  const bytes = typeof file === 'string' ? Buffer.from(file) : Buffer.isBuffer(file) ? file : undefined;
  if (!bytes?.length) throw validationFailed({ body: 'send the CSV file as text/csv' });
  let cells: Cells[];
  try {
    cells = await parseCells(withoutBom(bytes), !!pacing);
  } catch (e) {
    throw validationFailed({ body: `not a CSV file: ${(e as Error).message}` });
  }
  const [headerCells, ...lines] = cells;
  if (!headerCells || !lines.length) throw validationFailed({ body: 'the file has no rows under its header' });
  if (lines.length > MAX_IMPORT_ROWS) throw validationFailed({ body: `at most ${MAX_IMPORT_ROWS} rows at once` });
  const header = headerCells.map((h, c) => h ?? `column ${c + 1} (${NOT_UTF8})`);
  const fields = headerMap(rt, header);
  const unknown = header.filter((_, i) => !fields[i]);
  if (unknown.length) throw validationFailed({ header: `unknown columns: ${unknown.join(', ')}` });
  const w = writeContext(db, rt, 'import', user);
  const ready: NewRecord[] = [];
  const refused: ImportReport['refused'] = [];
  const timer = sliceTimer(pacing?.slice);
  // A resumed import: the rows before `from` are stored; the others are checked again (the data may have changed).
  const from = resume?.stored ?? 0;
  const undo = async (why: ApiError, stored: Staged = resume ?? { stored: 0, ids: [] }) => {
    if (!stored.ids.length) return;
    const staged = { ...stored, undo: { message: why.message, data: why.data } };
    await pacing?.undoing?.(staged);
    await removeStored(db, rt, staged, user, pacing);
  };
  // Rows are checked a batch at a time, the records their references and shops name read ahead in one query each.
  const size = pacing?.batch ?? JOB_BATCH_UNPACED;
  for (let first = from, next: number; first < lines.length; first = next) {
    next = Math.min(lines.length, (Math.floor(first / size) + 1) * size);
    if (pacing && first > from) {
      await pacing.between(first, lines.length);
      timer.restart();
    }
    const bodies: [number, Row][] = [];
    for (let i = first; i < next; i++) {
      const body: Row = {};
      const badText: Record<string, string> = {};
      fields.forEach((f, c) => {
        if (!f || (f.readOnly && f.name !== rt.meta.tenant)) return;
        const text = c < lines[i]!.length ? lines[i]![c] : '';
        if (text === undefined) badText[f.name] = NOT_UTF8;
        else body[f.name] = cellValue(f, text);
      });
      if (!Object.keys(badText).length) bodies.push([i, body]);
      else if (refused.length < MAX_REPORTED) refused.push({ row: i + 1, errors: badText });
    }
    w.reads = new BatchReads();
    const sent = bodies.map(([, b]) => b);
    await Promise.all([readRefsAhead(db.kysely, rt, sent, w.reads), readShopsAhead(db, rt, sent, w.reads)]);
    for (const [i, body] of bodies) {
      if (pacing && i > first && timer.spent()) {
        await pacing.rest();
        timer.restart();
      }
      try {
        ready.push(await prepareCreate(w, body, origin));
      } catch (e) {
        const errors =
          e instanceof ApiError
            ? ((e.data as { errors?: Record<string, string> })?.errors ?? { row: e.message })
            : null;
        if (!errors) throw e;
        if (refused.length < MAX_REPORTED) refused.push({ row: i + 1, errors });
      }
    }
  }
  w.reads = undefined;
  if (refused.length || ready.length < lines.length - from) {
    const n = lines.length - from - ready.length;
    const why = new ApiError(
      ResultCode.VALIDATE_FAILED,
      `Validation Failed: ${n} of ${lines.length} rows refused, nothing imported`,
      {
        imported: 0,
        refused,
      },
    );
    await undo(why);
    throw why;
  }
  if (!pacing) {
    // One transaction for all the rows (all or none), holding the event loop meanwhile: for callers that run
    // outside requests (scripts, tests); the import routes run paced, as jobs.
    await runWrite(w, (trx) => insertMany(trx, db, rt, ready));
    return { imported: ready.length, refused: [] };
  }
  // What only the check needed goes before the rows are stored: the parsed cells (100,000 rows: hundreds of
  // thousands of strings) and the context's list of every item (each batch's transaction is given its own).
  const total = lines.length;
  cells.length = lines.length = w.items.length = 0;
  await pacing.between(total, total);
  await pacing.beginStoring?.();
  // One short transaction per batch (on SQLite one at a time on the one connection: a long one would keep every
  // other request's writes waiting for its commit), each noting what is stored with its rows.
  let staged: Staged = { stored: from, ids: resume?.ids ?? [] };
  let row = from;
  // Rows per INSERT: as many as take about a slice of CPU time (one at first, then as measured), so the statements
  // between two turns of the event loop stay within a slice; one at a time with no slice at all.
  let chunk = 1;
  // On PostgreSQL a statement holds nothing of the event loop while it runs (and a process's CPU time then counts the
  // requests served meanwhile): a batch is stored in as few statements as it can be, a round trip each.
  const whole = db.dialect === 'postgres';
  const storeBatch = (start: number, recs: NewRecord[], oneByOne: boolean) =>
    runWrite({ ...w, items: recs.map((r) => r.item) }, async (trx) => {
      timer.restart();
      const ids: number[] = [];
      for (let k = 0; k < recs.length;) {
        if (k > 0 && timer.spent()) {
          await interruptible(pacing.storing);
          timer.restart();
        }
        const n = oneByOne ? 1 : whole ? recs.length - k : Math.min(chunk, recs.length - k);
        row = from + start + k;
        // The process's CPU time, not the wall clock: what holds the event loop (all of a SQLite statement; on
        // PostgreSQL the waits for the server hold nothing).
        const began = process.cpuUsage();
        const saved = await insertMany(trx, db, rt, recs.slice(k, k + n));
        const spent = process.cpuUsage(began);
        const perRow = (spent.user + spent.system) / 1000 / n;
        if (!oneByOne) chunk = Math.max(1, Math.min(2 * n, Math.floor(pacing.slice / Math.max(perRow, 0.01))));
        ids.push(...saved.map((r) => Number(r.id)));
        k += n;
      }
      const next = { stored: from + start + recs.length, ids: withIds(staged.ids, ids) };
      await interruptible(() => pacing.staged?.(trx, next) ?? Promise.resolve());
      return next;
    });
  try {
    for (let start = 0; start < ready.length; start += pacing.batch) {
      if (start > 0) await interruptible(pacing.next ?? pacing.rest);
      const recs = ready.slice(start, start + pacing.batch);
      try {
        staged = await storeBatch(start, recs, false);
      } catch (e) {
        // A row refused in a statement of several: the batch again, a row a statement, to name that row.
        if (e instanceof Interrupted || !storeRefusal(e, 0, 0)) throw e;
        staged = await storeBatch(start, recs, true);
      }
      // Stored: the records are no longer held (garbage collection then marks fewer as the import goes on).
      (ready as (NewRecord | undefined)[]).fill(undefined, start, start + recs.length);
    }
  } catch (e) {
    if (e instanceof Interrupted) throw e.reason;
    // All or none: what this import stored before the refused row is removed.
    const why = storeRefusal(e, row + 1, total);
    await undo(why ?? new ApiError(ResultCode.FAILED, 'The import failed (see the server log)'), staged);
    throw why ?? e;
  }
  // Many new rows on PostgreSQL: until autovacuum comes by, the planner takes them for not all-visible and an index-only
  // scan for costly, and may walk them through the primary key instead (a page of published products after 100,000
  // new unpublished ones: 40 ms, where the filter's index reads 20 entries in 0.1 ms). The import tidies at once; its
  // rows are committed, so a failure here only leaves that to autovacuum.
  if (db.dialect === 'postgres' && ready.length >= VACUUM_AFTER)
    await sql`VACUUM (ANALYZE) ${sql.table(rt.table)}`.execute(db.kysely).catch(() => {});
  return { imported: total, refused: [] };
}
