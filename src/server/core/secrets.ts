import type { FastifyInstance } from 'fastify';
import { entities } from '../../../generated/entities.js';
import { validationFailed } from './envelope.js';

/**
 * Parameter names that carry secrets: every schema field shown as a password or kept secret, and the password
 * change's own. They travel in request bodies only: a URL ends up in logs, proxies and browser history.
 */
export const SECRET_PARAMS = new Set<string>([
  ...Object.values(entities).flatMap((e) =>
    e.fields.filter((f) => f.input === 'password' || f.secret).map((f) => f.name),
  ),
  'oldPassword',
  'newPassword',
]);

const secretKey = (key: string) => SECRET_PARAMS.has(key) || /passw|secret|token/i.test(key);

/** The URL with the value of every secret-looking query parameter replaced, for log lines. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let key = eq < 0 ? pair : pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        /* kept as sent */
      }
      return eq >= 0 && secretKey(key) ? `${pair.slice(0, eq)}=[hidden]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Refuses an API call that puts a secret in its query string, before anything else reads it. */
export function refuseSecretsInQuery(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    const query = request.query;
    if (typeof query !== 'object' || !query) return;
    const key = Object.keys(query).find((k) => SECRET_PARAMS.has(k));
    if (key) throw validationFailed({ [key]: 'must be sent in the request body, not in the URL' });
  });
}

/** The Fastify logger options: request lines without secrets in the URL and without the Authorization header. */
export const loggerOptions = {
  serializers: {
    req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
      method: req.method,
      url: redactUrl(req.url),
      remoteAddress: req.ip,
    }),
  },
  redact: ['req.headers.authorization', 'req.headers.cookie'],
};
