import type { FastifyInstance } from 'fastify';

export interface RouteInfo {
  method: string;
  /** Path inside the API scope, e.g. `/brand/:id`. */
  path: string;
  public: boolean;
  /** Counts as a write for `GET <pattern>` (read-only) resources. */
  write: boolean;
  /** A generic CRUD route (else a domain's). */
  generic: boolean;
  /** Takes a CSV file (an import); no other route accepts text/csv. */
  csv: boolean;
  /** The largest body the route reads (its own, else the server's). */
  bodyLimit: number;
  /** Which parts the route declares a schema for. */
  schema: { params: boolean; querystring: boolean; body: boolean; response: boolean };
}

/** Routes of each app's API scope, keyed by the HTTP server the scope shares with its root instance. */
const registry = new WeakMap<object, RouteInfo[]>();

/** Records every route later added to `api` (whatever registers it), so tests can enumerate them at runtime. */
export function trackRoutes(api: FastifyInstance, apiBase: string): void {
  const list: RouteInfo[] = [];
  registry.set(api.server, list);
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.startsWith(apiBase) ? route.url.slice(apiBase.length) || '/' : route.url;
    const s = route.schema;
    const schema = {
      params: Boolean(s?.params),
      querystring: Boolean(s?.querystring),
      body: Boolean(s?.body),
      response: Boolean(s?.response),
    };
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify's automatic twin of a GET route
      list.push({
        method,
        path,
        public: Boolean(route.config?.public),
        write: isWrite(method, route.config?.write),
        generic: Boolean(route.config?.generic),
        csv: Boolean(route.config?.csv),
        bodyLimit: route.bodyLimit ?? api.initialConfig.bodyLimit!,
        schema,
      });
    }
  });
}

/** GET (and HEAD) routes are reads unless flagged as writes (upstream's `GET <path>/delete/{id}`). */
export const isWrite = (method: string, flag: boolean | undefined) => flag ?? !(method === 'GET' || method === 'HEAD');

/** Every route of the API scope of `app` (root or API instance). */
export function registeredRoutes(app: FastifyInstance): RouteInfo[] {
  return [...(registry.get(app.server) ?? [])];
}
