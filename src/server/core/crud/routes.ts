import type { EntityMeta } from '../../../shared/entity-meta.js';
import { CRUD_PATHS } from '../../../shared/crud-paths.js';
import { exportable } from '../../../shared/list-meta.js';
import { ok, notFound } from '../envelope.js';
import { isMethod, type ApiRoutes, type Method } from '../routes.js';
import type { RequestOf } from '../route-types.js';
import { listQuerySchema, paramsSchema, querySchema } from './schemas.js';
import { countBy, getRecord, listAll, listPage, MAX_PAGE_SIZE, type CrudContext } from './reads.js';
import { entityName, runtime, runtimeNamed, runtimeOf, type EntityRuntime } from './runtime.js';
import {
  arraySchema,
  countSchema,
  countsSchema,
  envelopeSchema,
  idSchema,
  pageSchema,
  withProperties,
} from './schemas.js';
import { batchUpdate, createRecord, createRecords, deleteRecords, updateRecord } from './writes.js';
import type { WriteOrigin } from './records.js';
import { csvStream, exportBatches } from './export.js';
import { importCsv } from './import.js';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { expectedVersion, setEtag } from './versions.js';
import { rulesOf } from './hooks.js';
import { entityBody, fileBody, parametersBody, withParametersBody } from './bodies.js';
import { sentBodyOf } from './validate.js';

type Kind = 'list' | 'listAll' | 'get' | 'create' | 'update' | 'deleteOne' | 'deleteMany';

/** The `params`, `querystring` and `body` schemas of a route, those it reads. */
type Input = { params?: unknown; querystring?: unknown; body?: unknown };

export interface Action<S extends Input = Input> {
  // A method, so an action typed by its input is still an Action (the routes of an entity are a record of them).
  handler(request: FastifyRequest<RequestOf<S>>, reply: FastifyReply): Promise<unknown>;
  schema: unknown;
  input?: S;
}

/** An action whose handler's request is typed by its `input`. */
const action = <const S extends Input>(a: Action<S>): Action => a;

/** A route reading parameters: a body may carry them (merged into the query at the edge). */
const withBody = <T extends { querystring: Record<string, unknown> }>(input: T) => ({
  ...input,
  body: parametersBody(input.querystring),
});

/** The body of the entity's create or update, where it has that route. */
const bodyOf = (rt: EntityRuntime, mode: 'create' | 'update') =>
  rt.meta.crud[mode]
    ? { body: entityBody(entityName(rt.meta.name), mode, { many: mode === 'create' && rt.meta.createMany }) }
    : {};

/** The path of a route by id. */
const byId = { params: paramsSchema(['id']) };

/** The generic handlers of one entity; domain code may reuse them under other paths. */
export function crudActions(ctx: CrudContext, rt: EntityRuntime): Record<Kind, Action> {
  const record = rt.recordSchema;
  const { db } = ctx;
  // What the entity's create and update answer (its hooks may say: the product's composite).
  const answer = rulesOf(db).answer(rt);
  return {
    list: action({
      schema: rt.meta.plainList ? { anyOf: [pageSchema(record), arraySchema(record)] } : pageSchema(record),
      input: { querystring: listQuerySchema(rt.meta) },
      handler: async (req) => {
        const q = req.query;
        // Upstream's unpaged lists (`GET /flashSession/list`): the filtered rows as a plain list.
        if (rt.meta.plainList && q.pageNum === undefined && q.pageSize === undefined)
          return ok((await listPage(ctx, rt, { ...q, pageSize: MAX_PAGE_SIZE }, req.user)).list);
        return ok(await listPage(ctx, rt, q, req.user));
      },
    }),
    listAll: action({ schema: arraySchema(record), handler: async (req) => ok(await listAll(ctx, rt, req.user)) }),
    get: action({
      schema: withChildLists(rt),
      input: byId,
      handler: async (req, reply) => {
        const record = await getRecord(ctx, rt, idOf(req), req.user);
        setEtag(reply, rt, record);
        return ok(record);
      },
    }),
    create: action({
      schema: answer
        ? answer.schema()
        : rt.meta.createMany
          ? { anyOf: [record, { type: 'array', items: record }] }
          : record,
      // The fields as the edge checked them (query and body alike, core/edge.ts).
      input: bodyOf(rt, 'create'),
      handler: async (req) => {
        const origin = originOf(req);
        // Upstream's list bodies (`POST /home/brand/create` with `[{brandId}, …]`).
        if (rt.meta.createMany && Array.isArray(req.body))
          return ok(await createRecords(db, rt, req.body, req.user, origin));
        const saved = await createRecord(db, rt, req.body, req.user, { origin });
        return ok(answer ? await answer.run(ctx, saved, req.user) : saved);
      },
    }),
    update: action({
      schema: answer ? answer.schema() : record,
      input: { ...byId, ...bodyOf(rt, 'update') },
      handler: async (req, reply) => {
        // The version the client loaded is no field of the record: read from what was sent.
        const version = expectedVersion(rt, { headers: req.headers, body: sentBodyOf(req.body) ?? req.body });
        const saved = await updateRecord(db, rt, idOf(req), req.body, req.user, { expected: version });
        setEtag(reply, rt, saved);
        return ok(answer ? await answer.run(ctx, saved, req.user) : saved);
      },
    }),
    deleteOne: action({
      schema: countSchema,
      input: { ...byId, body: parametersBody() },
      handler: async (req) => {
        const n = await deleteRecords(db, rt, [idOf(req)], req.user);
        if (!n) throw notFound();
        return ok(n);
      },
    }),
    deleteMany: action({
      schema: countSchema,
      input: withBody({ querystring: querySchema(['ids'], {}, ['ids']) }),
      handler: async (req) => ok(await deleteRecords(db, rt, req.query.ids, req.user)),
    }),
  };
}

/** The `:id` of a route whose params schema (`paramsSchema(['id'])`) checked it. */
export const idOf = (req: { params: { id: number } }) => req.params.id;

/** The caller's address and user agent, for `auto: "ip"` / `"device"` fields. */
export const originOf = (req: FastifyRequest): WriteOrigin => ({
  ip: req.ip,
  device: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

/**
 * Upstream's one-field updates by id (`POST /admin/updateStatus/{id}?status=0`, `/menu/updateHidden/{id}?hidden=1`):
 * the batch update on a single id; answers 1, or the not-found envelope.
 */
export function fieldByIdAction(ctx: CrudContext, rt: EntityRuntime, field: string): Action {
  return action({
    schema: countSchema,
    input: withBody({ ...byId, querystring: querySchema([field]) }),
    handler: async (req) => {
      const n = await batchUpdate(ctx.db, rt, field, [idOf(req)], req.query[field], req.user);
      if (!n) throw notFound();
      return ok(n);
    },
  });
}

/** A record with its child lists, as `GET <path>/{id}` answers it. */
function withChildLists(rt: EntityRuntime) {
  const lists = (rt.meta.children ?? []).map((c) => [
    c.key,
    arraySchema(c.ids ? idSchema : runtimeNamed(c.resource).recordSchema),
  ]);
  return lists.length ? withProperties(rt.recordSchema, Object.fromEntries(lists)) : rt.recordSchema;
}

const importReportSchema = {
  type: 'object',
  properties: { imported: { type: 'integer' }, refused: { type: 'array' } },
} as const;

/** Sub-path → action, for the standard routes and for the `aliases` of an entity. */
const SUBPATHS: Record<string, Kind> = {
  [CRUD_PATHS.list]: 'list',
  [CRUD_PATHS.listAll]: 'listAll',
  [CRUD_PATHS.get]: 'get',
  [CRUD_PATHS.create]: 'create',
  [CRUD_PATHS.update]: 'update',
  [CRUD_PATHS.deleteOne]: 'deleteOne',
  [CRUD_PATHS.deleteMany]: 'deleteMany',
  [CRUD_PATHS.deleteBatch]: 'deleteMany',
};

const WRITES = new Set<Kind>(['create', 'update', 'deleteOne', 'deleteMany']);

const STANDARD: [Method, string, keyof EntityMeta['crud']][] = [
  ['GET', CRUD_PATHS.list, 'list'],
  ['GET', CRUD_PATHS.listAll, 'list'],
  ['GET', CRUD_PATHS.get, 'get'],
  ['POST', CRUD_PATHS.create, 'create'],
  ['POST', CRUD_PATHS.update, 'update'],
  ['POST', CRUD_PATHS.deleteOne, 'delete'],
  ['POST', CRUD_PATHS.deleteMany, 'delete'],
  ['POST', CRUD_PATHS.deleteBatch, 'delete'],
];

function withoutBody(method: Method, input: Action['input']): Action['input'] {
  if (method !== 'GET' || !input) return input;
  const { body: _body, ...rest } = input;
  return rest;
}

const toUrl = (base: string, sub: string) => `${base}${sub.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * Registers every generic route of `meta` (skipping any a domain already defined): list, get, create, update,
 * deletes, one batch update per `batch` field, and the entity's upstream aliases.
 */
export function registerCrudRoutes(routes: ApiRoutes, ctx: CrudContext, meta: EntityMeta): void {
  const rt = runtimeOf(meta);
  const actions = crudActions(ctx, rt);
  const add = (method: Method, sub: string, action: Action, write?: boolean, more?: object) =>
    routes.addGeneric<FastifySchema>({
      method,
      url: toUrl(meta.path, sub),
      handler: action.handler,
      // A GET reads no body (upstream's `GET <path>/delete/{id}` takes its id from the path).
      schema: { ...withoutBody(method, action.input), ...more, response: envelopeSchema(action.schema) },
      write,
    });
  for (const [method, sub, flag] of STANDARD) if (meta.crud[flag]) add(method, sub, actions[SUBPATHS[sub]]);
  if (exportable(meta)) {
    // `GET <path>/export?<the list's filters>&lang=zh`: what the list selects, all of it, as CSV streamed in batches.
    routes.addGeneric({
      method: 'GET',
      url: toUrl(meta.path, CRUD_PATHS.export),
      handler: async (req, reply) => {
        const q = req.query;
        const lang = q.lang === 'zh' ? 'zh' : 'en';
        const stream = csvStream(rt, exportBatches(ctx, rt, q, req.user), lang);
        const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${meta.name}-${day}.csv"`)
          .send(stream);
      },
      schema: {
        querystring: listQuerySchema(meta, ['lang'], { lang: { type: 'string', enum: ['en', 'zh'] } }),
        response: { 200: { type: 'string' } },
      },
    });
  }
  const jobs = ctx.jobs;
  if (exportable(meta) && jobs) {
    // `POST <path>/export/job?<filters>&lang=zh`: the same export as a background job (core/jobs.ts). It changes no
    // record, so it needs what the export needs: read access.
    routes.addGeneric({
      method: 'POST',
      url: toUrl(meta.path, CRUD_PATHS.exportJob),
      write: false,
      handler: async (req) => ok(await jobs.startExport(rt, req.query, req.user)),
      schema: withParametersBody({
        querystring: listQuerySchema(meta, ['lang'], { lang: { type: 'string', enum: ['en', 'zh'] } }),
        response: envelopeSchema(runtime('job').recordSchema),
      }),
    });
  }
  if (meta.import && meta.crud.create && jobs) {
    // `POST <path>/import/job` with a CSV body: the import as a background job; its report is the job's result.
    routes.addGeneric({
      method: 'POST',
      url: toUrl(meta.path, CRUD_PATHS.importJob),
      csv: true,
      handler: async (req) => ok(await jobs.startImport(rt, req.body, req.user, originOf(req))),
      schema: { body: fileBody('the CSV file (text/csv)'), response: envelopeSchema(runtime('job').recordSchema) },
    });
  }
  if (meta.import && meta.crud.create) {
    // `POST <path>/import` with a CSV body: every row checked, all stored or none (the report says why); run as a
    // job now, so it never holds the event loop across batches.
    routes.addGeneric({
      method: 'POST',
      url: toUrl(meta.path, CRUD_PATHS.import),
      csv: true,
      handler: async (req) =>
        ok(
          await (jobs
            ? jobs.importNow(rt, req.body, req.user, originOf(req))
            : importCsv(ctx.db, rt, req.body, req.user, originOf(req))),
        ),
      schema: { body: fileBody('the CSV file (text/csv)'), response: envelopeSchema(importReportSchema) },
    });
  }
  if (meta.tabs && meta.crud.list) {
    const field = meta.tabs;
    add(
      'GET',
      CRUD_PATHS.countBy.replace('{field}', field),
      action({
        schema: countsSchema,
        input: { querystring: listQuerySchema(meta) },
        handler: async (req) => ok(await countBy(ctx, rt, field, req.query, req.user)),
      }),
    );
  }
  {
    // A `batch` field is its own declaration: its call exists even where the generic update is a domain's (accounts).
    for (const param of meta.batch) {
      // The upstream param may differ from the field (`recommendStatus` → `recommandStatus`).
      const field = meta.batchFields?.[param] ?? param;
      add(
        'POST',
        CRUD_PATHS.batch.replace('{param}', param),
        action({
          schema: countSchema,
          // ids not required here: the entity's hooks answer a missing selection first (products: "select a record").
          input: withBody({ querystring: querySchema(['ids', param]) }),
          handler: async (req) => {
            const q = req.query;
            return ok(await batchUpdate(ctx.db, rt, field, q.ids ?? [], q[param] ?? q[field], req.user));
          },
        }),
      );
    }
  }
  {
    // Upstream's one-field calls by id, declared field by field (also where the generic update is off: accounts):
    // `/update/sort/{id}?sort=3`, `/update/status/{id}?status=0`.
    for (const f of meta.fields) {
      const path = f.byId ?? f.toggle?.path;
      if (path) add('POST', path, fieldByIdAction(ctx, rt, f.name));
    }
  }
  for (const alias of meta.aliases) {
    const [method, sub] = alias.trim().split(/\s+/);
    if (!isMethod(method)) throw new Error(`${meta.name}: the alias "${alias}" names no HTTP method`);
    const kind = SUBPATHS[sub];
    // `GET /delete/{id}` deletes: a write, whatever its method.
    if (kind) add(method, sub, actions[kind], WRITES.has(kind) || undefined);
  }
}
