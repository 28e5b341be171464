import type { FastifyReply } from 'fastify';
import { ResultCode, type Envelope } from '../../shared/envelope.js';
import { Messages } from '../../shared/messages.js';

/** A failure every route can throw; the one error handler turns it into an envelope (HTTP 200, as upstream). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const ok = <T>(data: T): Envelope<T> => ({ code: ResultCode.SUCCESS, message: Messages.success, data });

export const failed = (message: string = Messages.failed) => new ApiError(ResultCode.FAILED, message);
export const notFound = () => new ApiError(ResultCode.VALIDATE_FAILED, Messages.notFound);
/** A 404 envelope carrying one of the spec's messages as is (no "Validation Failed:" prefix). */
export const refused = (message: string) => new ApiError(ResultCode.VALIDATE_FAILED, message);
export const unauthorized = () => new ApiError(ResultCode.UNAUTHORIZED, Messages.unauthorized);
export const forbidden = () => new ApiError(ResultCode.FORBIDDEN, Messages.forbidden);

/** A refusal naming fields: its `errors` typed for a caller that words them again (a list's `[i].field`). */
class FieldsRefused extends ApiError {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(ResultCode.VALIDATE_FAILED, message, { errors });
  }
}

/** `Validation Failed: <first field>: <its message>` with every problem in `data.errors`. */
export function validationFailed(errors: Record<string, string>): ApiError {
  const [field, msg] = Object.entries(errors)[0] ?? ['', ''];
  const message = field ? `${Messages.validationFailed}: ${field}: ${msg}` : Messages.validationFailed;
  return new FieldsRefused(message, errors);
}

/** The fields a `validationFailed` refusal names, else null (any other error). */
export const fieldErrorsOf = (e: unknown): Record<string, string> | null =>
  e instanceof FieldsRefused ? e.errors : null;

/** Sends an already-built envelope as JSON text, bypassing route response schemas (which describe success only). */
export function sendEnvelope(reply: FastifyReply, env: Envelope): FastifyReply {
  return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(env));
}

export const toEnvelope = (e: ApiError): Envelope => ({ code: e.code, message: e.message, data: e.data });
