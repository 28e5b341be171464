import type { FastifyInstance } from 'fastify';
import { ApiError } from './envelope.js';
import { bodyFields } from './body.js';
import { isRecord } from './narrow.js';
import { compileParameters } from './param-rules.js';
import { entityBodyOf, entityBodyValidator, isCheckedElsewhere } from './crud/bodies.js';

type Schema = Record<string, unknown>;

/** A validator answering `fn`'s value, or its refusal (the validation envelope). */
const refusing =
  (fn: (data: unknown) => unknown) =>
  (data: unknown): { value?: unknown; error?: Error } => {
    try {
      return { value: fn(data) };
    } catch (e) {
      if (e instanceof ApiError) return { error: e };
      throw e;
    }
  };

/**
 * Validation at the route edge, for every route of the API scope: upstream sends a call's parameters as query
 * params, form fields or JSON alike, so an object body's fields join the query first; then each route's `params`,
 * `querystring` and `body` schemas coerce what the handler gets, refusing in the usual envelope (`Validation Failed:
 * <param>: …`). An entity's body (crud/bodies.ts) goes through the write pipeline's body rules, once: the pipeline
 * takes the edge's answer as it is. After the NUL and nesting guard, which sees the raw input.
 */
export function registerEdgeValidation(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    const body = request.body;
    // A CSV file's bytes, a list or a text are one value: only fields join the query.
    const fields = bodyFields(body);
    const query = typeof request.query === 'object' ? request.query : null;
    if (fields) request.query = { ...query, ...fields };
    // An entity's fields come the same ways (`POST /productAttribute/category/create?name=X`): its body rules see them all.
    const schema = request.routeOptions.schema?.body;
    const spec = isRecord(schema) ? entityBodyOf(schema) : undefined;
    // A list of lines (an order's delivery lines) is a JSON list, or one line as the body's fields.
    if (spec && !spec.lines && (fields || body === undefined || body === null))
      request.body = { ...(typeof request.query === 'object' ? request.query : null) };
  });
  // One checker per part, made from the route's schema at start; a schema none of them reads is a mistake, refused then.
  api.setValidatorCompiler<Schema>(({ schema: s, httpPart, method, url }) => {
    const own = (httpPart === 'querystring' || httpPart === 'params') && s.type === 'object' && compileParameters(s);
    if (own) return own;
    if (httpPart === 'body') {
      const spec = entityBodyOf(s);
      if (spec) return refusing(entityBodyValidator(spec));
      // Parameters are checked as the query they joined; a file by the route that reads it.
      if (isCheckedElsewhere(s)) return () => true;
    }
    throw new Error(
      `${method} ${url}: the edge cannot check this ${httpPart} schema: ${JSON.stringify(s).slice(0, 200)}`,
    );
  });
}
