import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { ResultCode } from '../../shared/envelope.js';
import { Messages } from '../../shared/messages.js';
import { ApiError } from './envelope.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * JSON (an empty body counts as none, as clients post `application/json` without data) and form-urlencoded bodies.
 * Oversized bodies fail in Fastify with FST_ERR_CTP_BODY_TOO_LARGE, mapped by the error handler.
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
  // A CSV file to import, as text (its routes allow IMPORT_LIMIT).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_LIMIT }, (_req, body, done) =>
    done(null, String(body)),
  );
}

/** The largest CSV an import takes (about 100,000 product rows). */
export const IMPORT_LIMIT = 32 * 1024 * 1024;
