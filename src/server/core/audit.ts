import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tables } from '../../../generated/database.js';
import { entities } from '../../../generated/entities.js';
import type { FieldMeta } from '../../shared/entity-meta.js';
import { contextKey } from './context.js';
import { outsideArrival } from './write-hooks.js';
/** A record as the generic layer passes it (core/db's Row, not imported: db imports the capture, which notes here). */
type Row = Record<string, unknown>;

/** Who a write is recorded as: the request being served (a FastifyRequest is one), or a job's starter. */
export type AuditActor = Pick<FastifyRequest, 'method' | 'url' | 'ip'> & { user?: { id: number; username: string } };

const scope = contextKey<AuditActor>('actor');

/** Every API request runs in its own audit scope (as @fastify/request-context does it: `run` in onRequest). */
export function registerAuditScope(api: FastifyInstance): void {
  api.addHook('onRequest', (request, _reply, done) => scope.run(request, done));
}

/** Who a background job's writes are recorded as: its starter, from the call that queued it. */
export interface JobActor extends Required<Omit<AuditActor, 'method'>> {
  /** The job's own call, e.g. `/job/12`. */
  url: string;
}

/** Runs `fn` with its writes recorded as `actor`'s (a job's rows, like the request's that started it). */
export const auditedAs = <T>(actor: JobActor, fn: () => Promise<T>): Promise<T> =>
  scope.run({ method: 'POST', ...actor }, fn);

/** Runs `fn` outside any request (its audit scope, its arrival): a background loop started from a request's call. */
export const outsideRequest = <T>(fn: () => T): T => scope.run(undefined, () => outsideArrival(fn));

/**
 * The request whose writes are recorded now: none outside a request (seeding, scripts) and none for a GET (a read
 * that counts something, e.g. a referral click, is not an operator's change).
 */
export function auditedRequest(): AuditActor | undefined {
  const request = scope.get();
  return request && request.method !== 'GET' ? request : undefined;
}

export type AuditAction = 'create' | 'update' | 'delete' | 'other';

/** Shown instead of a secret's or password's values: that it changed is recorded, never what it was or became. */
export const CHANGED = '[changed]';
const hidden = (f: FieldMeta) => f.secret || f.writeOnly || f.input === 'password' || f.input === 'secret';

/** A column of a written table as the trail shows it: the entity's field name, hidden or not, its value converted. */
interface AuditColumn {
  column: string;
  name: string;
  hidden: boolean;
  /** Bookkeeping the server sets on every write (an update time, the version): not a change of its own. */
  skip: boolean;
  value(v: unknown): unknown;
}

/** How a table's rows are recorded: under its entity's name and field names (a table without one: its columns). */
interface AuditTable {
  entity: string;
  columns: Map<string, AuditColumn>;
}

const auditTables = new Map<string, AuditTable>();

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function columnOf(f: FieldMeta): AuditColumn {
  const value =
    f.type === 'boolean'
      ? (v: unknown) => (v === null || v === undefined ? v : v === true || v === 1 || v === '1' || v === 't')
      : f.type === 'json'
        ? parseJson
        : (v: unknown) => v;
  return {
    column: f.column,
    name: f.name,
    hidden: hidden(f),
    skip: f.auto === 'updatedAt' || f.auto === 'version',
    value,
  };
}

export function auditTableOf(table: string): AuditTable {
  let t = auditTables.get(table);
  if (!t) {
    const meta = Object.values(entities).find((e) => e.table === table);
    t = { entity: meta?.name ?? table, columns: new Map(meta?.fields.map((f) => [f.column, columnOf(f)])) };
    auditTables.set(table, t);
  }
  return t;
}

/** Whether `table` has an `id` column (every entity's table has). */
export const hasId = (table: string) => auditTableOf(table).columns.has('id');

/** A column no entity describes: hidden when its name says it holds a secret. */
const bareColumn = (column: string): AuditColumn => ({
  column,
  name: column,
  hidden: /password|secret|token/i.test(column),
  skip: false,
  value: (v) => v,
});

/**
 * `{field: [before, after]}` of the columns that differ between two images of a stored row (absent before: it was
 * inserted; absent after: deleted); a secret or password as "[changed]", never its value.
 */
export function changesOf(table: string, before: Row | undefined, after: Row | undefined): Row {
  const t = auditTableOf(table);
  const out: Row = {};
  for (const column of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const c = t.columns.get(column) ?? bareColumn(column);
    if (c.skip || column === 'id') continue;
    const a = c.value(before?.[column] ?? null) ?? null;
    const b = c.value(after?.[column] ?? null) ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[c.name] = c.hidden ? CHANGED : [a, b];
  }
  return out;
}

/** A write's rows recorded one by one, per table; more than this are summarised (an import of 100 000 rows). */
export const DETAILED_ROWS = 100;
/** The ids a summary lists at most. */
export const SUMMARY_IDS = 1000;

/** One row's first and last image within a write (absent: not there). */
interface RowImages {
  before?: Row;
  after?: Row;
}

/** Rows of one table beyond DETAILED_ROWS: how many, and which (the first SUMMARY_IDS). */
interface Summary {
  rows: number;
  ids: unknown[];
  actions: Set<AuditAction>;
}

/**
 * The rows one write (a transaction, or a statement outside one) changed, per table and id: the image before its
 * first statement and after its last, so a row inserted then updated is one "create" and a row updated back to what
 * it was is no entry.
 */
export class RowChanges {
  private tables = new Map<string, { rows: Map<unknown, RowImages>; summary?: Summary }>();

  get size(): number {
    return this.tables.size;
  }

  /**
   * A row's image before a statement changed it (only the first one is kept) and/or after it (the last one is kept;
   * `after: undefined` for a deletion). Answers whether the row is recorded in detail; beyond DETAILED_ROWS of its
   * table, or without an id, it is only counted.
   */
  note(table: string, id: unknown, images: { before?: Row; after?: Row }, action: AuditAction): boolean {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, (t = { rows: new Map() }));
    const known = t.rows.get(id);
    if (known) {
      if ('after' in images) known.after = images.after;
      return true;
    }
    if (id === undefined || id === null || t.rows.size >= DETAILED_ROWS) {
      this.count(table, 1, id === undefined || id === null ? [] : [id], action);
      return false;
    }
    t.rows.set(id, { before: images.before, after: images.after });
    return true;
  }

  /** Rows beyond the detailed ones: counted, their ids listed up to SUMMARY_IDS. */
  count(table: string, rows: number, ids: unknown[], action: AuditAction): void {
    let t = this.tables.get(table);
    if (!t) this.tables.set(table, (t = { rows: new Map() }));
    const s = (t.summary ??= { rows: 0, ids: [], actions: new Set() });
    s.rows += rows;
    s.actions.add(action);
    for (const id of ids) if (s.ids.length < SUMMARY_IDS) s.ids.push(id);
  }

  /** The audit entries of these changes, on behalf of `request`. */
  entries(request: AuditActor): Row[] {
    const out: Row[] = [];
    const by = who(request);
    for (const [table, { rows, summary }] of this.tables) {
      const entity = auditTableOf(table).entity;
      for (const [id, { before, after }] of rows) {
        if (!before && !after) continue;
        const changes = changesOf(table, before, after);
        if (!Object.keys(changes).length) continue;
        const action: AuditAction = !before ? 'create' : !after ? 'delete' : 'update';
        const recordId = typeof id === 'number' || typeof id === 'string' ? Number(id) : null;
        out.push({ ...by, action, entity, record_id: recordId, changes: JSON.stringify(changes) });
      }
      if (summary?.rows) {
        const action = summary.actions.size === 1 ? [...summary.actions][0] : 'other';
        const changes = JSON.stringify({ rows: summary.rows, ids: summary.ids });
        out.push({ ...by, action, entity, record_id: null, changes });
      }
    }
    return out;
  }
}

/** Who wrote (the request's account), from which address, through which call, when. */
function who(request: AuditActor) {
  const user = request.user;
  return {
    admin_id: user?.id ?? null,
    username: user?.username ?? null,
    ip: request.ip,
    // The path, never the query string: upstream clients may send passwords there.
    path: `${request.method} ${request.url.split('?')[0]}`.slice(0, 300),
    create_time: new Date().toISOString(),
  };
}

export const auditTable = tables.auditLog;
