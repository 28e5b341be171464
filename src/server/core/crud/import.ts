import { parse } from 'csv-parse/sync';
import type { FieldMeta } from '../../../shared/entity-meta.js';
import { ResultCode } from '../../../shared/envelope.js';
import type { AuthUser } from '../auth.js';
import { ApiError, validationFailed } from '../envelope.js';
import type { Db, Row } from '../db.js';
import type { EntityRuntime } from './runtime.js';
import type { WriteOrigin } from './records.js';
import { insertPrepared, prepareCreate, runWrite, writeContext, type NewRecord } from './writes.js';
import { unguardFormula } from './csv-formula.js';

/** Rows refused, with why (`{row: 3, errors: {name: "…"}}`, row 1 being the first after the header). */
export interface ImportReport {
  imported: number;
  refused: { row: number; errors: Record<string, string> }[];
}

/** At most this many rows per import; at most this many refusals reported. */
export const MAX_IMPORT_ROWS = 100_000;
const MAX_REPORTED = 1000;

/** A header cell → the field it names: its name, or its label in either language (what an export writes). */
function headerMap(rt: EntityRuntime, header: string[]): (FieldMeta | undefined)[] {
  const norm = (s: string) => s.trim().toLowerCase();
  return header.map((h) =>
    rt.meta.fields.find((f) => [f.name, f.label.en, f.label.zh].some((n) => norm(n) === norm(h))),
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const EMPTY = Buffer.alloc(0);
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

/** How an import run as a job paces itself (core/jobs.ts); the request's import takes none. */
export interface ImportPacing {
  /** Rows checked between two calls of `between`. */
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
  /** Awaited inside the transaction after each batch of rows stored (a turn of the event loop); throws to roll back. */
  storing(): Promise<void>;
}

/**
 * Imports a CSV (a header row of field names or labels, as an export writes them): every row checked as a create
 * through the API would be (the schema's validator, references, the caller's shops) — all of them, and if any is
 * refused nothing is stored and the report says which rows and why; else all are stored in one transaction. The
 * entity's hooks run as for a create (op `import`), their transaction steps once for all the rows.
 */
export async function importCsv(
  db: Db,
  rt: EntityRuntime,
  file: unknown,
  user?: AuthUser,
  origin?: WriteOrigin,
  pacing?: ImportPacing,
): Promise<ImportReport> {
  const bytes = typeof file === 'string' ? Buffer.from(file) : Buffer.isBuffer(file) ? file : undefined;
  if (!bytes?.length) throw validationFailed({ body: 'send the CSV file as text/csv' });
  let cells: Buffer[][];
  try {
    // Cells as bytes: each is decoded on its own, so one that is not UTF-8 is named by its row and column.
    cells = parse(withoutBom(bytes), {
      encoding: null,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as Buffer[][];
  } catch (e) {
    throw validationFailed({ body: `not a CSV file: ${(e as Error).message}` });
  }
  const [headerBytes, ...lines] = cells;
  if (!headerBytes || !lines.length) throw validationFailed({ body: 'the file has no rows under its header' });
  if (lines.length > MAX_IMPORT_ROWS) throw validationFailed({ body: `at most ${MAX_IMPORT_ROWS} rows at once` });
  const header = headerBytes.map((h, c) => decodeCell(h) ?? `column ${c + 1} (${NOT_UTF8})`);
  const fields = headerMap(rt, header);
  const unknown = header.filter((_, i) => !fields[i]);
  if (unknown.length) throw validationFailed({ header: `unknown columns: ${unknown.join(', ')}` });
  const w = writeContext(db, rt, 'import', user);
  const ready: NewRecord[] = [];
  const refused: ImportReport['refused'] = [];
  const timer = sliceTimer(pacing?.slice);
  for (const [i, line] of lines.entries()) {
    if (pacing && i > 0 && i % pacing.batch === 0) {
      await pacing.between(i, lines.length);
      timer.restart();
    } else if (pacing && i > 0 && timer.spent()) {
      await pacing.rest();
      timer.restart();
    }
    const body: Row = {};
    const badText: Record<string, string> = {};
    fields.forEach((f, c) => {
      if (!f || (f.readOnly && f.name !== rt.meta.tenant)) return;
      const text = decodeCell(line[c] ?? EMPTY);
      if (text === undefined) badText[f.name] = NOT_UTF8;
      else body[f.name] = cellValue(f, text);
    });
    if (Object.keys(badText).length) {
      if (refused.length < MAX_REPORTED) refused.push({ row: i + 1, errors: badText });
      continue;
    }
    try {
      ready.push(await prepareCreate(w, body, origin));
    } catch (e) {
      const errors =
        e instanceof ApiError ? ((e.data as { errors?: Record<string, string> })?.errors ?? { row: e.message }) : null;
      if (!errors) throw e;
      if (refused.length < MAX_REPORTED) refused.push({ row: i + 1, errors });
    }
  }
  if (refused.length || ready.length < lines.length) {
    const n = lines.length - ready.length;
    throw new ApiError(
      ResultCode.VALIDATE_FAILED,
      `Validation Failed: ${n} of ${lines.length} rows refused, nothing imported`,
      {
        imported: 0,
        refused,
      },
    );
  }
  await pacing?.between(lines.length, lines.length);
  // One transaction for all the rows (all or none). Paced (a job), it lets other requests run between batches: on
  // SQLite the transaction keeps the write lock meanwhile (Kysely runs one transaction at a time on the connection,
  // so other writes wait for the commit, not the event loop); 20,000 rows in one go held the loop for 6 s.
  await runWrite(w, async (trx) => {
    timer.restart();
    for (const [i, rec] of ready.entries()) {
      if (pacing && i > 0 && (i % pacing.batch === 0 || timer.spent())) {
        await pacing.storing();
        timer.restart();
      }
      await insertPrepared(trx, db, rt, rec);
    }
  });
  return { imported: ready.length, refused: [] };
}
