import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/**
 * Fastify's response serialisers (fast-json-stringify), one per distinct response schema instead of one per route and
 * status: most of the API's hundreds of routes answer one of a few dozen envelopes, and each compiled serialiser
 * keeps its generated source and code in the heap for the life of the process.
 */
export const sharedSerializers: Factory = (externalSchemas, options) => {
  const build = SerializerSelector()(externalSchemas, options);
  const held = new Map<string, ReturnType<typeof build>>();
  return (route) => {
    const key = JSON.stringify(route.schema);
    let serialize = held.get(key);
    if (!serialize) held.set(key, (serialize = build(route)));
    return serialize;
  };
};
