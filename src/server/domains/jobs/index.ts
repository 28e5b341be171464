import fs from 'node:fs';
import { actions } from '../../../../generated/actions.js';
import { JobKind, JobStatus } from '../../../../generated/enums.js';
import type { AuthUser } from '../../core/auth.js';
import { failed, notFound, ok } from '../../core/envelope.js';
import {
  envelopeSchema,
  getRecord,
  idOf,
  listPage,
  listQuerySchema,
  pageSchema,
  paramsSchema,
  parametersBody,
  runtime,
  type ListQuery,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';

/**
 * The background jobs' own calls (any account: each sees the jobs it started, platform staff every job): the list,
 * one job (status, progress, result), cancel, and a finished export's file. The schema turns the generic routes
 * off (`crud`), so no unscoped `listAll` or export of jobs exists. Jobs are started under the entity's
 * path (`POST <path>/import/job`, `POST <path>/export/job`, core/crud/routes.ts), with that entity's permissions.
 */
export const jobsDomain: Domain = (routes, { crud, jobs }) => {
  const rt = runtime('job');
  const byId = { params: paramsSchema(['id']) };
  const own = (user: AuthUser | undefined) => (user?.platform ? {} : { adminId: user?.id ?? 0 });
  /** A job the caller may see (another account's answers as a missing one). */
  const jobOf = async (id: number, user: AuthUser | undefined) => {
    const job = await getRecord(crud, rt, id);
    if (!user?.platform && job.adminId !== user?.id) throw notFound();
    return job;
  };

  routes.add({
    method: actions.job.jobs.method,
    url: actions.job.jobs.url,
    schema: { querystring: listQuerySchema(rt.meta), response: envelopeSchema(pageSchema(rt.recordSchema)) },
    handler: async (req) => ok(await listPage(crud, rt, { ...(req.query as ListQuery), ...own(req.user) }, req.user)),
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
      await jobOf(id, req.user);
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
      const job = await jobOf(id, req.user);
      const file = jobs.file(id);
      if (job.kind !== JobKind.export || job.status !== JobStatus.done || !fs.existsSync(file))
        throw failed('No file to download: the export has not finished, or its file was removed');
      const name = String((job.result as { file?: string } | null)?.file ?? `export-${id}.csv`);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(fs.createReadStream(file));
    },
  });
};
