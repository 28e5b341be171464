import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../generated/database.js';
import type { FieldMeta } from '../../shared/entity-meta.js';
/** A record as the generic layer passes it (core/db's Row, not imported: db imports the write hooks, which note here). */
type Row = Record<string, unknown>;

/** What a write is recorded against: the request running it (who, from where, which call). */
interface AuditScope {
  request: FastifyRequest;
  /** Set once the request's writes have been recorded field by field. */
  recorded: boolean;
  /** Rows its statements inserted, updated or deleted so far. */
  changed: number;
}

const scope = new AsyncLocalStorage<AuditScope>();

/** Every API request runs in its own audit scope (as @fastify/request-context does it: `run` in onRequest). */
export function registerAuditScope(api: FastifyInstance): void {
  api.addHook('onRequest', (request, _reply, done) => scope.run({ request, recorded: false, changed: 0 }, done));
}

export type AuditAction = 'create' | 'update' | 'delete' | 'other';

/** Shown instead of a secret's value: that it changed is recorded, never what it was or became. */
const HIDDEN = '[hidden]';
const hidden = (f: FieldMeta) => f.secret || f.writeOnly || f.input === 'password' || f.input === 'secret';

/** `{field: [before, after]}` of the fields that differ; secrets as "[hidden]". */
export function changesOf(fields: FieldMeta[], before: Row | undefined, after: Row | undefined): Row {
  const out: Row = {};
  for (const f of fields) {
    if (f.auto === 'updatedAt' || f.auto === 'version') continue;
    const a = before?.[f.name] ?? null;
    const b = after?.[f.name] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[f.name] = hidden(f) ? [HIDDEN, HIDDEN] : [a, b];
  }
  return out;
}

/**
 * Records a write of `entity` row `id` in the same transaction as the write: who (the request's account), from which
 * address, which call, and the changed fields before → after. Outside a request (seeding, scripts) nothing is
 * recorded.
 */
export async function audit(
  trx: Kysely<Database>,
  entity: string,
  fields: FieldMeta[],
  action: AuditAction,
  id: number | null,
  before?: Row,
  after?: Row,
): Promise<void> {
  const s = scope.getStore();
  if (!s) return;
  s.recorded = true;
  await trx
    .insertInto(tables.auditLog)
    .values({
      ...who(s.request),
      action,
      entity,
      record_id: id,
      changes: JSON.stringify(changesOf(fields, before, after)),
    })
    .execute();
}

/** Counts rows a statement of the current request changed (core/write-hooks sees every statement's result). */
export function noteChanges(rows: number): void {
  const s = scope.getStore();
  if (s) s.changed += rows;
}

/** The generic layer records its writes row by row (none when no row matched): no call-level entry. */
export function auditedByRows(): void {
  const s = scope.getStore();
  if (s) s.recorded = true;
}

/**
 * After a write transaction's work: a write call whose writes were not recorded field by field (a domain's own
 * statements: an order shipped, a balance paid) is still recorded — who, when, from where, which call, what entity.
 * A call that changed no row (a delete of ids that are not there) leaves nothing.
 */
export async function auditCall(trx: Kysely<Database>, entity: string): Promise<void> {
  const s = scope.getStore();
  if (!s || s.recorded || s.request.method === 'GET' || !s.changed) return;
  s.recorded = true;
  await trx
    .insertInto(tables.auditLog)
    .values({ ...who(s.request), action: 'other', entity, record_id: null, changes: null })
    .execute();
}

function who(request: FastifyRequest) {
  const user = (request as { user?: { id?: number; username?: string } }).user;
  return {
    admin_id: user?.id ?? null,
    username: user?.username ?? null,
    ip: request.ip,
    // The path, never the query string: upstream clients may send passwords there.
    path: `${request.method} ${request.url.split('?')[0]}`.slice(0, 300),
    create_time: new Date().toISOString(),
  };
}
