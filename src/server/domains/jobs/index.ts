import fs from 'node:fs';
import { sql } from 'kysely';
import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { entities } from '../../../../generated/entities.js';
import { JobKind, JobStatus } from '../../../../generated/enums.js';
import { ResultCode } from '../../../shared/envelope.js';
import { crudPath } from '../../../shared/crud-paths.js';
import { Messages } from '../../../shared/messages.js';
import { canAccess, tenancyAllows } from '../../core/access.js';
import type { AuthUser } from '../../core/auth.js';
import { lockNamed } from '../../core/db.js';
import { DiskFloor } from '../../core/disk.js';
import { ApiError, failed, notFound, ok } from '../../core/envelope.js';
import {
  envelopeSchema,
  getRecord,
  idOf,
  inCond,
  listPage,
  listQuerySchema,
  pageSchema,
  paramsSchema,
  parametersBody,
  runtime,
  type Cond,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';

const ACTIVE = [JobStatus.queued, JobStatus.running];

/**
 * The background jobs' own calls: the list, one job (status, progress, result), cancel, and a finished export's
 * file. A job is its starter's; anyone else sees it only with the read permission of the entity it imports or
 * exports (the resource that entity's list needs) and, for a seller, only when its rows are of one of the seller's
 * shops (`shopId`: the starter's one shop; a job over several or every shop stays with the starter and platform
 * staff). A download asks again, of the starter too: whoever lost the entity's permission, or the shops the rows
 * are of, gets no file. Cancelling another's job needs the entity's write permission over those shops. The schema
 * turns the generic routes off (`crud`), so no unscoped `listAll` or export of jobs exists. Jobs are started under
 * the entity's path (`POST <path>/import/job`, `POST <path>/export/job`, core/crud/routes.ts), with that entity's
 * permissions; this domain also admits them (`jobs.policy`: the account's quotas, the disk floor).
 */
export const jobsDomain: Domain = (routes, { crud, jobs, config, db }) => {
  const rt = runtime('job');
  const byId = { params: paramsSchema(['id']) };
  const quotas = config.quotas;
  const disk = new DiskFloor(config.dataDir, quotas.diskFloor);

  /** Whether the caller holds the entity's read permission (its list's resource) or write permission (its create's). */
  const may = (user: AuthUser, entity: string, write: boolean) => {
    const meta = entities[entity];
    if (!meta || meta.internal) return false;
    const call = { method: write ? 'POST' : 'GET', path: crudPath(meta.path, write ? 'create' : 'list'), write };
    return (!config.enforceResources || canAccess(user, call)) && tenancyAllows(user, call);
  };
  /** Whether the job's rows are all of shops the caller sees. */
  const ofShops = (job: Row, user: AuthUser) =>
    user.platform || (job.shopId != null && user.shopIds.includes(Number(job.shopId)));
  const own = (job: Row, user: AuthUser) => job.adminId === user.id;
  const sees = (job: Row, user: AuthUser) =>
    own(job, user) || (may(user, String(job.entity), false) && ofShops(job, user));

  /** A job the caller may see (any other answers as a missing one). */
  const jobOf = async (id: number, user: AuthUser) => {
    const job = await getRecord(crud, rt, id);
    if (!sees(job, user)) throw notFound();
    return job;
  };

  /** The list's scope as one condition: the caller's jobs, and those of entities it reads over its shops. */
  const visible = (user: AuthUser): Cond => {
    const readable = Object.keys(entities).filter((e) => may(user, e, false));
    if (!readable.length) return { key: 'job-own', sql: '"admin_id" = ?', params: [user.id] };
    const entity = inCond('job-entity', 'entity', readable, 'string', db.dialect);
    if (user.platform)
      return { key: 'job-seen-all', sql: `("admin_id" = ? OR ${entity.sql})`, params: [user.id, ...entity.params] };
    const shop = inCond('job-shop', 'shop_id', user.shopIds, 'integer', db.dialect);
    return {
      key: 'job-seen-shops',
      sql: `("admin_id" = ? OR (${entity.sql} AND ${shop.sql}))`,
      params: [user.id, ...entity.params, ...shop.params],
    };
  };

  /** The shops a starter's rows may be of: `null` for every shop (platform staff). */
  const scopeOf = (user: AuthUser) => (user.platform ? null : user.shopIds);

  jobs.policy = {
    // In the transaction that queues the job, the account's jobs counted after a lock of its own: two requests (on
    // any process) cannot both pass on a count the other is about to change.
    async admit(trx, { kind, user }) {
      await lockNamed(db.dialect, trx, `jobs of account ${user.id}`);
      if (kind === JobKind.export) disk.check();
      const active = await trx
        .selectFrom(tables.job)
        .select(['kind', sql<number | string>`count(*)`.as('n')])
        .where('admin_id', '=', user.id)
        .where('status', 'in', ACTIVE)
        .groupBy('kind')
        .execute();
      const count = (k?: JobKind) => active.reduce((n, r) => n + (!k || r.kind === k ? Number(r.n) : 0), 0);
      const tooMany = () => new ApiError(ResultCode.FAILED, Messages.jobQuota, { limit: quotas.jobs });
      if (quotas.jobs && count() >= quotas.jobs) throw tooMany();
      if (kind === JobKind.export) {
        // Every export under way will leave a file: the newest finished ones are kept beside them, the oldest
        // removed, so the account never holds more than EXPORT_QUOTA files.
        const running = count(JobKind.export);
        if (running >= quotas.exportFiles) throw tooMany();
        const finished = await trx
          .selectFrom(tables.job)
          .select('id')
          .where('admin_id', '=', user.id)
          .where('kind', '=', JobKind.export)
          .where('status', '=', JobStatus.done)
          .orderBy('id', 'desc')
          .execute();
        const files = finished.map((j) => jobs.file(Number(j.id))).filter((f) => fs.existsSync(f));
        for (const f of files.slice(quotas.exportFiles - 1 - running)) fs.rmSync(f, { force: true });
      }
      const shops = scopeOf(user);
      return { shopId: shops?.length === 1 ? shops[0] : null, shops };
    },
    writing: () => disk.check(),
  };

  // An import's file is written to the database (and, as a job, kept in its row until it runs): refused before a
  // byte of it is read when the disk would be left under its floor.
  routes.app.addHook('preParsing', async (req) => {
    if (req.routeOptions.config?.csv) disk.check(Number(req.headers['content-length']) || 0);
  });

  routes.add({
    method: actions.job.jobs.method,
    url: actions.job.jobs.url,
    schema: { querystring: listQuerySchema(rt.meta), response: envelopeSchema(pageSchema(rt.recordSchema)) },
    handler: async (req) => ok(await listPage(crud, rt, req.query, req.user, [visible(req.user)])),
  });

  routes.add({
    method: actions.job.job.method,
    url: actions.job.job.url,
    schema: { ...byId, response: envelopeSchema(rt.recordSchema) },
    handler: async (req) => ok(await jobOf(idOf(req), req.user)),
  });

  routes.add({
    method: actions.job.cancel.method,
    url: actions.job.cancel.url,
    schema: { ...byId, body: parametersBody(), response: envelopeSchema(rt.recordSchema) },
    handler: async (req) => {
      const id = idOf(req);
      const user = req.user;
      const job = await jobOf(id, user);
      if (!own(job, user) && !(may(user, String(job.entity), true) && ofShops(job, user))) throw notFound();
      if (!(await jobs.cancel(id))) throw failed('The job has already ended');
      return ok(await getRecord(crud, rt, id));
    },
  });

  routes.add({
    method: actions.job.download.method,
    url: actions.job.download.url,
    schema: { ...byId, response: { 200: { type: 'string' } } },
    handler: async (req, reply) => {
      const id = idOf(req);
      const user = req.user;
      const job = await jobOf(id, user);
      if (!may(user, String(job.entity), false) || !(await covers(job, user))) throw notFound();
      const file = jobs.file(id);
      if (job.kind !== JobKind.export || job.status !== JobStatus.done || !fs.existsSync(file))
        throw failed('No file to download: the export has not finished, or its file was removed');
      const { result } = job;
      const stored = result && typeof result === 'object' && 'file' in result ? result.file : undefined;
      const name = String(stored ?? `export-${id}.csv`);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(fs.createReadStream(file));
    },
  });

  /** Whether the shops a job's rows are of are still all the caller's (the starter's at queueing, kept with it). */
  async function covers(job: Row, user: AuthUser): Promise<boolean> {
    if (user.platform) return true;
    if (!own(job, user)) return ofShops(job, user);
    const row = await db.kysely
      .selectFrom(tables.job)
      .select('params')
      .where('id', '=', Number(job.id))
      .executeTakeFirst();
    const params: unknown = typeof row?.params === 'string' ? JSON.parse(row.params) : row?.params;
    const shops =
      params && typeof params === 'object' && 'shops' in params && Array.isArray(params.shops) ? params.shops : null;
    return shops !== null && shops.every((s) => user.shopIds.includes(Number(s)));
  }
};
