import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode, type Envelope } from '../../shared/envelope.js';
import { Messages, REQUIRED } from '../../shared/messages.js';
import { ApiError, failed, sendEnvelope, toEnvelope, validationFailed } from './envelope.js';
import { securityHeaders } from './headers.js';
import { codeOf, messageOf, statusCodeOf } from './thrown.js';

type SchemaError = { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string };

/**
 * A refusal of a route schema left to ajv (a body's shape; params and queries are refused at the edge, core/edge.ts)
 * in the envelope: `<field>: is required`, else ajv's words.
 */
function schemaRefusal(errors: SchemaError[], context: string): ApiError {
  const e = errors[0];
  if (!e) return validationFailed({ [context]: 'is invalid' });
  if (e.keyword === 'required') return validationFailed({ [String(e.params.missingProperty)]: REQUIRED });
  const field = e.instancePath.split('/')[1] || context;
  return validationFailed({ [field]: e.message ?? 'is invalid' });
}

/** A body's schema refusal, as Fastify raises it: ajv's errors and the part of the request they are about. */
const isSchemaRefusal = (e: unknown): e is FastifyError & { validation: SchemaError[]; validationContext: string } =>
  e instanceof Error &&
  'validation' in e &&
  Array.isArray(e.validation) &&
  'validationContext' in e &&
  e.validationContext !== undefined;

/** Maps any thrown error to the envelope the client gets; the only error handler of the app. */
export function toApiError(err: unknown, request: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  switch (codeOf(err)) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(ResultCode.VALIDATE_FAILED, Messages.badJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(ResultCode.VALIDATE_FAILED, Messages.bodyTooLarge);
  }
  const status = statusCodeOf(err);
  if (err instanceof SyntaxError && status === 400) return new ApiError(ResultCode.VALIDATE_FAILED, Messages.badJson);
  if (isConstraintError(err)) {
    request.log.warn({ err: messageOf(err) }, 'constraint violation');
    if (!isForeignKeyError(err)) return failed(Messages.constraint);
    // A delete breaks a reference to the row; a write names a row that is not there.
    return failed(/\/delete\b/.test(request.url) ? Messages.inUse : Messages.badReference);
  }
  if (isSchemaRefusal(err)) return schemaRefusal(err.validation, err.validationContext);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(ResultCode.VALIDATE_FAILED, String(messageOf(err) ?? ''));
  }
  request.log.error(err);
  return failed();
}

/** SQLite `SQLITE_CONSTRAINT_*` or PostgreSQL class 23 (integrity constraint violation). */
export function isConstraintError(e: unknown): boolean {
  const code = String(codeOf(e) ?? '');
  return code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code);
}

/** PostgreSQL 23505, or SQLite's "UNIQUE constraint failed": a row with the same unique key is already stored. */
export const isUniqueError = (e: unknown): boolean =>
  codeOf(e) === '23505' || /UNIQUE constraint failed/i.test(String(messageOf(e) ?? ''));

/** PostgreSQL 23503, or SQLite's "FOREIGN KEY constraint failed" (coded `…_TRIGGER` for ON DELETE RESTRICT). */
const isForeignKeyError = (e: unknown) =>
  codeOf(e) === '23503' || /FOREIGN KEY constraint failed/.test(String(messageOf(e) ?? ''));

export function sendRouteNotFound(reply: FastifyReply): FastifyReply {
  return sendEnvelope(reply, { code: ResultCode.VALIDATE_FAILED, message: Messages.routeNotFound, data: null });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => sendEnvelope(reply, toEnvelope(toApiError(err, request))));
}

/** The longest path parameter routed to its handler (which then says what is wrong with it), Fastify's default 100. */
const MAX_PARAM_LENGTH = 1000;

/** The security headers as lines of an answer written on the socket. */
const securityLines = Object.entries(securityHeaders)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

const clientErrorBody = (message: string) =>
  JSON.stringify({ code: ResultCode.VALIDATE_FAILED, message, data: null } satisfies Envelope);

/**
 * Fastify options so that what fails before routing still answers the envelope: a broken %-escape in the path, a
 * long path parameter, and what Node's HTTP parser refuses (headers or URL over 16 KB, a malformed request), which
 * is answered on the socket and the connection closed.
 */
export const transportErrors = {
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
    sendEnvelope(reply.headers(securityHeaders), {
      code: ResultCode.VALIDATE_FAILED,
      message: error.code === 'FST_ERR_BAD_URL' ? Messages.badUrl : Messages.failed,
      data: null,
    }),
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) return void socket.destroy(error);
    const body = clientErrorBody(error.code === 'HPE_HEADER_OVERFLOW' ? Messages.requestTooLarge : Messages.badRequest);
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${securityLines}Connection: close\r\n\r\n${body}`,
    );
  },
};
