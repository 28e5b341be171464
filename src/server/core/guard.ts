import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './envelope.js';
import { tokenFrom, type Tokens } from './auth.js';
import type { AuthUsers } from './auth-users.js';
import { canAccess } from './access.js';

export interface GuardOptions {
  tokens: Tokens;
  users: AuthUsers;
  apiBase: string;
  enforceResources: boolean;
}

/** Every API route but the `config.public` ones needs a valid token of an enabled account (and, if enforced, a resource). */
export function registerGuard(app: FastifyInstance, opts: GuardOptions): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.public) return;
    const token = tokenFrom(request.headers.authorization);
    const id = token ? opts.tokens.verify(token) : null;
    const user = id ? await opts.users.get(id) : null;
    if (!user) throw unauthorized();
    request.user = user;
    if (opts.enforceResources && !canAccess(user, apiPath(request, opts.apiBase))) throw forbidden();
  });
}

export function apiPath(request: FastifyRequest, apiBase: string): string {
  const path = request.url.split('?')[0];
  const rest = path.startsWith(apiBase) ? path.slice(apiBase.length) : path;
  try {
    return decodeURIComponent(rest) || '/';
  } catch {
    return rest || '/';
  }
}
