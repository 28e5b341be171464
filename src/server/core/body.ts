import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { ResultCode } from '../../shared/envelope.js';
import { Messages } from '../../shared/messages.js';
import { ApiError, validationFailed } from './envelope.js';
import { isFields } from './narrow.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes a CSV file (text/csv, up to IMPORT_LIMIT): an import. No other route accepts CSV. */
    csv?: boolean;
  }
}

/** The largest JSON or form body (a product with its lists and rich-text details). */
export const BODY_LIMIT = 1024 * 1024;

/** The largest body of a public route (login, register, a referral click): anonymous callers send little. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The largest CSV an import takes (about 100,000 product rows). */
export const IMPORT_LIMIT = 32 * 1024 * 1024;

/** What a route's body may weigh: every API route states it, so no parser's own limit applies instead. */
export const bodyLimitOf = (route: { public?: boolean; csv?: boolean }) =>
  route.csv ? IMPORT_LIMIT : route.public ? PUBLIC_BODY_LIMIT : BODY_LIMIT;

/** A file's bytes (a Buffer or another view of binary data). */
export const isBinary = (v: object): v is ArrayBufferView | ArrayBuffer =>
  ArrayBuffer.isView(v) || v instanceof ArrayBuffer;

/**
 * A body's fields when it has any: a JSON object or a form's fields, never a file's bytes (a Buffer is an object
 * whose every byte is a property), a list or a text, which are one value each.
 */
export function bodyFields(body: unknown): Record<string, unknown> | undefined {
  if (!isFields(body) || isBinary(body)) return undefined;
  return body;
}

const isCsv = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() === 'text/csv';

/**
 * JSON (an empty body counts as none, as clients post `application/json` without data), form-urlencoded and CSV
 * bodies, each up to its route's limit (`bodyLimitOf`). Oversized bodies fail in Fastify with
 * FST_ERR_CTP_BODY_TOO_LARGE (from the Content-Length before reading, else as soon as the stream passes the limit),
 * mapped by the error handler.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(ResultCode.VALIDATE_FAILED, Messages.badJson), undefined);
    }
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // A CSV file to import, as bytes: the import decodes them and refuses what is not UTF-8.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  // Before any byte is read: CSV goes only to an import (`config.csv`), and an import takes only CSV.
  app.addHook('preParsing', async (request) => {
    const type = request.headers['content-type'];
    if (type === undefined) return;
    const csvRoute = Boolean(request.routeOptions.config?.csv);
    if (isCsv(type) && !csvRoute) throw validationFailed({ 'content-type': 'text/csv is taken only by an import' });
    if (!isCsv(type) && csvRoute) throw validationFailed({ body: 'send the CSV file as text/csv' });
  });
}
