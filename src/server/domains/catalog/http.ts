import { ResultCode } from '../../../shared/envelope.js';
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound, ok } from '../../core/envelope.js';
import { countSchema, envelopeSchema, paramsSchema, querySchema } from '../../core/crud.js';
import type { ApiRoutes, Handler, Method } from '../../core/routes.js';

/** A 404 envelope carrying one of the spec's messages as is (no "Validation Failed:" prefix). */
export const refused = (message: string) => new ApiError(ResultCode.VALIDATE_FAILED, message);

/**
 * The same delete handler on every delete path the generic layer would answer for `base` (by id, `?ids=`,
 * `/delete/batch`, and upstream's `GET /delete/{id}` when `withGet`), so none of them skips the domain's checks.
 * The handler gets the ids (from the path or `ids`).
 */
export function deleteRoutes(routes: ApiRoutes, base: string, handler: Handler, withGet = false): void {
  const response = envelopeSchema(countSchema);
  const paths: [Method, string][] = [
    ['POST', '/delete/:id'],
    ['POST', '/delete'],
    ['POST', '/delete/batch'],
  ];
  if (withGet) paths.push(['GET', '/delete/:id']);
  for (const [method, sub] of paths) {
    const schema = sub.endsWith('/:id')
      ? { params: paramsSchema(['id']), response }
      : { querystring: querySchema(['ids']), response };
    routes.add({ replaces: true, method, url: `${base}${sub}`, handler, schema, write: true });
  }
}

/** The answer of a delete: the count, or not-found when one id was named in the path and nothing went. */
export function deleted(req: FastifyRequest, n: number) {
  if (!n && (req.params as { id?: string }).id !== undefined) throw notFound();
  return ok(n);
}
