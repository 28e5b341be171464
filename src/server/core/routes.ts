import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface RouteDef {
  method: Method;
  url: string;
  handler: Handler;
  schema?: FastifySchema;
  public?: boolean;
  /** A GET that changes data (upstream's `GET /brand/delete/{id}`): not reachable through a read-only resource. */
  write?: boolean;
}

/**
 * Route registry of the API scope. The first definition of a method + path wins: domain routes are added before the
 * generic CRUD ones and so replace them without the generic layer knowing about domains.
 */
export class ApiRoutes {
  private keys = new Set<string>();

  constructor(readonly app: FastifyInstance) {}

  has(method: Method, url: string): boolean {
    return this.keys.has(key(method, url));
  }

  add(def: RouteDef): boolean {
    const k = key(def.method, def.url);
    if (this.keys.has(k)) return false;
    this.keys.add(k);
    const opts: RouteOptions = {
      method: def.method,
      url: def.url,
      handler: def.handler,
      config: { public: def.public ?? false, write: def.write ?? def.method !== 'GET' },
    };
    if (def.schema) opts.schema = def.schema;
    this.app.route(opts);
    return true;
  }
}

/** `/brand/:id` and `/brand/:other` are the same route. */
const key = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;
