import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Moment } from './dates.js';

declare const INPUT: unique symbol;

/**
 * A request part's JSON schema that also names, for TypeScript only, the value the route edge (edge.ts) hands the
 * handler once it checked and coerced that part: `idSchema` a number, `idsSchema` distinct numbers, an entity body
 * its generated body type. The schema builders (crud/schemas.ts, crud/bodies.ts) state it, so a handler's
 * `req.params`, `req.query` and `req.body` are typed by the schema that checks them, never cast.
 */
export type Typed<T> = Record<string, unknown> & { readonly [INPUT]?: T };

/**
 * The value the edge hands for `S`: the type a builder stated, else what its keywords coerce to as edge.ts reads
 * them (a number, a boolean, a date-time's `Moment`, an enum's values, a list of items); `unknown` when it says none.
 */
// A plain schema literal has no key in common with the phantom's (a weak type): it takes the second branch.
export type InputOf<S> = S extends { readonly [INPUT]?: infer T }
  ? unknown extends T
    ? FromKeywords<S>
    : T
  : FromKeywords<S>;

type FromKeywords<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: 'integer' | 'number' }
    ? number
    : S extends { readonly type: 'boolean' }
      ? boolean
      : S extends { readonly type: 'string'; readonly format: 'date-time' }
        ? Moment
        : S extends { readonly type: 'string' }
          ? string
          : S extends { readonly type: 'array'; readonly items: infer I }
            ? InputOf<I>[]
            : S extends { readonly type: 'array' }
              ? unknown[]
              : unknown;

type Part<S, K extends string> = S extends { readonly [P in K]: infer X } ? InputOf<X> : unknown;

/** Fastify's request generics for a route schema: each part as its schema types it. */
export type RequestOf<S> = { Params: Part<S, 'params'>; Querystring: Part<S, 'querystring'>; Body: Part<S, 'body'> };

/** A route's handler, its request typed by the route's schema `S`. */
export type Handler<S = unknown> = (request: FastifyRequest<RequestOf<S>>, reply: FastifyReply) => Promise<unknown>;
