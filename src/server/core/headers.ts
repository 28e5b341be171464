import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer, UI and API alike, from helmet: a Content-Security-Policy that lets
 * only the app's own scripts run (no inline script, so rich text stored as sent cannot run any), no framing
 * (frame-ancestors and X-Frame-Options), nosniff, no referrer. Styles may be inline: MUI's emotion writes them.
 * Images may be data: and blob: URLs (previews of pictures being uploaded). The headers do not depend on the request,
 * so helmet computes them once here and every answer gets the same set (@fastify/helmet rebuilds helmet's middleware
 * on every request, a tenth of a small list call's time). Answers given before any hook runs (core/errors.ts: a URL
 * that does not decode, a request Node's parser refuses) set them themselves.
 */
export const securityHeaders: Readonly<Record<string, string>> = helmetHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});

/** The first hook of all: every answer, a refusal by a later hook (back-pressure, the guard) too, carries them. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
}

/** The headers helmet's middleware sets, collected from one run of it. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => (failed = error));
  if (failed) throw failed;
  return headers;
}
