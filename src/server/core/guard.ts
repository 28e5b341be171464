import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './envelope.js';
import { tokenFrom, type AuthUser, type Tokens } from './auth.js';
import type { AuthUsers } from './auth-users.js';
import { canAccess, tenancyAllows } from './access.js';
import { isWrite, trackRoutes } from './route-registry.js';

export interface GuardOptions {
  tokens: Tokens;
  users: AuthUsers;
  apiBase: string;
  enforceResources: boolean;
}

/**
 * Every API route but the `config.public` ones needs a valid token of an enabled account and (if enforced) a
 * resource of its roles; a seller's write of platform-wide data is refused whatever its roles grant. Runs on
 * request, before bodies are parsed or validated: an anonymous or forbidden caller learns nothing about the route's
 * input rules.
 */
export function registerGuard(app: FastifyInstance, opts: GuardOptions): void {
  trackRoutes(app, opts.apiBase);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const token = tokenFrom(request.headers.authorization);
    const claims = token ? opts.tokens.verify(token) : null;
    const user = claims ? await opts.users.get(claims.id, claims.version) : null;
    // A public call made by a signed-in account (an admin registering one) is still theirs, on the audit trail.
    if (config?.public) {
      if (user) request.user = user;
      return;
    }
    if (!user) throw unauthorized();
    request.user = user;
    const call = {
      method: request.method,
      path: apiPath(request, opts.apiBase),
      write: isWrite(request.method, config?.write),
    };
    if (opts.enforceResources && !config?.anyAccount && !canAccess(user, call)) throw forbidden();
    // The entity is read from the route's own pattern: a path spelled otherwise (`//brand/…`) still names it.
    const route = request.routeOptions.url;
    if (!tenancyAllows(user, route ? { ...call, path: routePath(route, opts.apiBase) } : call)) throw forbidden();
  });
}

/**
 * The signed-in user of a route registered outside ApiRoutes (whose handlers are typed by it): the guard above
 * refused the request without one unless the route is public.
 */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const routePath = (url: string, apiBase: string) => (url.startsWith(apiBase) ? url.slice(apiBase.length) || '/' : url);

export function apiPath(request: FastifyRequest, apiBase: string): string {
  const path = request.url.split('?')[0];
  const rest = path.startsWith(apiBase) ? path.slice(apiBase.length) : path;
  try {
    return decodeURIComponent(rest) || '/';
  } catch {
    return rest || '/';
  }
}
