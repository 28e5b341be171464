import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import generated from '../../generated/openapi.json' with { type: 'json' };
import type { ServerConfig } from './core/config.js';

type Doc = { paths?: Record<string, Record<string, unknown>>; [key: string]: unknown };

/**
 * The API's OpenAPI document: every route the server registers, as @fastify/swagger collects them with their
 * schemas, the generic entity routes described as codegen wrote them (`generated/openapi.json`: summaries, filters,
 * record schemas). Served at `<apiBase>/openapi.json`, and browsable at `<apiBase>/docs` (@fastify/swagger-ui).
 * Registered before the routes, so it sees each one.
 */
export async function registerApiDocs(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const base = config.apiBase;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Marketplace admin API', version: '1.0.0' },
      servers: [{ url: base }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    // Only the API: the UI's files are not part of it.
    transform: ({ schema, url }) => ({
      schema: { ...schema, hide: Boolean(schema?.hide) || !url.startsWith(`${base}/`) },
      url,
    }),
  });
  let merged: Doc | undefined;
  const document = (): Doc => {
    if (merged) return merged;
    const live = app.swagger() as Doc;
    const described = generated as Doc;
    const paths: Doc['paths'] = {};
    // @fastify/swagger names paths under the server URL (the API base) with `{id}` parameters, as codegen does.
    for (const [path, ops] of Object.entries(live.paths ?? {})) {
      const known = described.paths?.[path] ?? {};
      paths[path] = Object.fromEntries(Object.entries(ops).map(([method, op]) => [method, known[method] ?? op]));
    }
    merged = {
      ...live,
      info: { title: 'Marketplace admin API', version: '1.0.0' },
      paths,
      components: { ...(described.components as object), ...(live.components as object) },
    };
    return merged;
  };
  app.get(`${base}/openapi.json`, { schema: { hide: true } }, async () => document());
  await app.register(fastifySwaggerUi, {
    routePrefix: `${base}/docs`,
    transformSpecification: () => document(),
    uiConfig: { docExpansion: 'none', deepLinking: true },
    // Its page's own policy (the app's forbids the inline script Swagger UI needs), with its inline styles, and
    // without forcing https on a plain-http install.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
