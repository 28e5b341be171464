import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { AuthUser } from './auth.js';
import { bodyLimitOf } from './body.js';
import type { RequestOf } from './route-types.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];
export const isMethod = (m: string): m is Method => METHODS.some((known) => known === m);

/** A route's request: one not public runs only once the guard (guard.ts) set its signed-in user. */
type RouteRequest<S, P> = FastifyRequest<RequestOf<S>> & (P extends true ? unknown : { user: AuthUser });

/** A route; its handler's request is typed by its `schema` (route-types.ts) and whether it is `public`. */
export interface RouteDef<S extends FastifySchema = FastifySchema, P extends boolean = boolean> {
  method: Method;
  url: string;
  // A method, so a route typed by its schema is still a RouteDef (the registry keeps them all).
  handler(request: RouteRequest<S, P>, reply: FastifyReply): Promise<unknown>;
  schema?: S;
  public?: P;
  /** A GET that changes data (upstream's `GET /brand/delete/{id}`): not reachable through a read-only resource. */
  write?: boolean;
  /** A domain route standing in for the generic route of the same method and path. */
  replaces?: boolean;
  /** Takes a CSV file (an import), up to IMPORT_LIMIT; no other route accepts text/csv. */
  csv?: boolean;
}

/**
 * Route registry of the API scope. Domain routes are added before the generic CRUD ones; a domain route that takes
 * the place of a generic one says so (`replaces: true`), and the generic layer then skips its own. Writes are never
 * replaced: a domain extends them with hooks on the generic pipeline (crud/hooks.ts). Any other second
 * definition of a method + path is a mistake and stops the server at start-up, as does a `replaces` with nothing to
 * replace (`checkReplacements`, once every route is in).
 */
export class ApiRoutes {
  /** Every route by key; the domain routes that replace a generic one; the generic ones. */
  private routes = new Map<string, RouteDef>();
  private replaced = new Set<string>();
  private generic = new Set<string>();

  constructor(readonly app: FastifyInstance) {}

  /** A domain's route. */
  add<const S extends FastifySchema, const P extends boolean = false>(def: RouteDef<S, P>): void {
    const k = key(def.method, def.url);
    if (this.routes.has(k)) throw new Error(`route ${def.method} ${def.url} is defined twice`);
    this.routes.set(k, def);
    if (def.replaces) this.replaced.add(k);
    this.register(def);
  }

  /** A generic CRUD route: skipped where a domain replaced it. */
  addGeneric<const S extends FastifySchema, const P extends boolean = false>(def: RouteDef<S, P>): void {
    const k = key(def.method, def.url);
    // A schema alias naming a standard route (`GET /listAll`) is the same generic route.
    if (this.generic.has(k)) return;
    const existing = this.routes.get(k);
    if (existing) {
      if (!this.replaced.has(k))
        throw new Error(`route ${def.method} ${def.url} shadows the generic one: mark it \`replaces: true\``);
      this.replaced.delete(k);
      return;
    }
    this.routes.set(k, def);
    this.generic.add(k);
    this.register(def, true);
  }

  /** After the generic routes: every `replaces` must have met the generic route it replaces. */
  checkReplacements(): void {
    if (this.replaced.size)
      throw new Error(`routes marked replaces, with no generic route: ${[...this.replaced].join(', ')}`);
  }

  private register<S extends FastifySchema>(def: RouteDef<S>, generic = false): void {
    const opts: RouteOptions<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RequestOf<S>> = {
      method: def.method,
      url: def.url,
      handler: def.handler,
      config: { public: def.public ?? false, write: def.write ?? def.method !== 'GET', generic, csv: def.csv ?? false },
      // Stated on every route, as it wins over the parsers' own limits: public routes take little, imports a file.
      bodyLimit: bodyLimitOf(def),
    };
    if (def.schema) opts.schema = def.schema;
    this.app.route(opts);
  }
}

/** `/brand/:id` and `/brand/:other` are the same route. */
const key = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;
