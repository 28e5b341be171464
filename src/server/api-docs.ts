import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import generated from '../../generated/openapi.json' with { type: 'json' };
import type { ServerConfig } from './core/config.js';

type Doc = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
};

/** A route schema's local `definitions` (a menu node's recursive `#/definitions/node`), in OpenAPI's terms. */
const asComponent = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v), (key, value) =>
    key === '$ref' && typeof value === 'string' ? value.replace('#/definitions/', '#/components/schemas/') : value,
  );

/** The keywords of an OpenAPI 3.0 Schema Object; the others (ajv's `errorMessage`, `$id`…) are not allowed there. */
const OAS30_KEYWORDS = new Set([
  '$ref',
  'title',
  'description',
  'type',
  'format',
  'enum',
  'default',
  'example',
  'nullable',
  'readOnly',
  'writeOnly',
  'deprecated',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'items',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'properties',
  'additionalProperties',
  'discriminator',
  'xml',
  'externalDocs',
]);

/**
 * A route's JSON Schema as an OpenAPI 3.0 Schema Object: a list of types as one `nullable` type, `const` as a
 * one-value enum, `examples` as `example`, and any other keyword the server's validator reads kept as an `x-`
 * extension (Swagger UI and validators ignore it).
 */
export function toOpenapiSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object')
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toOpenapiSchema(v)]));
    else if (key === 'allOf' || key === 'oneOf' || key === 'anyOf')
      out[key] = (value as unknown[]).map(toOpenapiSchema);
    else if (key === 'items' || key === 'not' || key === 'additionalProperties') out[key] = toOpenapiSchema(value);
    else if (key === 'type' && Array.isArray(value)) {
      // `["integer", "null"]` is OpenAPI 3.0's `type: integer, nullable: true`.
      const types = value.filter((t) => t !== 'null');
      if (types.length === 1) out.type = types[0];
      else if (types.length > 1) out.anyOf = types.map((type) => ({ type }));
      if (types.length < value.length) out.nullable = true;
    } else if (key === 'type' && value === 'null') out.nullable = true;
    else if (key === 'const') out.enum = [value];
    else if (key === 'examples' && Array.isArray(value)) out.example = value[0];
    else if (OAS30_KEYWORDS.has(key) || key.startsWith('x-')) out[key] = value;
    else if (key !== '$id' && key !== '$schema') out[`x-${key}`] = value;
  }
  return out;
}

/** Every operation's schemas (parameters, body, responses) through toOpenapiSchema. */
function openapiOperation(op: unknown): unknown {
  if (!op || typeof op !== 'object') return op;
  const content = (c: unknown) =>
    c && typeof c === 'object'
      ? Object.fromEntries(
          Object.entries(c).map(([type, media]) => [
            type,
            { ...(media as object), schema: toOpenapiSchema((media as { schema?: unknown }).schema) },
          ]),
        )
      : c;
  const o = op as {
    parameters?: { schema?: unknown }[];
    requestBody?: { content?: unknown };
    responses?: Record<string, { content?: unknown }>;
  };
  return {
    ...o,
    ...(o.parameters ? { parameters: o.parameters.map((p) => ({ ...p, schema: toOpenapiSchema(p.schema) })) } : {}),
    ...(o.requestBody ? { requestBody: { ...o.requestBody, content: content(o.requestBody.content) } } : {}),
    ...(o.responses
      ? {
          responses: Object.fromEntries(
            Object.entries(o.responses).map(([code, r]) => [code, { ...r, content: content(r.content) }]),
          ),
        }
      : {}),
  };
}

/** Every `definitions` object inside a route's schema (its body, query, params, responses), by name. */
function collectDefinitions(schema: unknown, into: Map<string, string>, url: string): void {
  if (!schema || typeof schema !== 'object') return;
  const defs = (schema as { definitions?: Record<string, unknown> }).definitions;
  for (const [name, def] of Object.entries(defs ?? {})) {
    const text = JSON.stringify(toOpenapiSchema(asComponent(def)));
    // @fastify/swagger points every `#/definitions/<name>` at one `components.schemas.<name>`: two routes giving the
    // name different schemas would describe one of them wrongly.
    if (into.has(name) && into.get(name) !== text)
      throw new Error(`API docs: ${url} defines the schema "${name}" differently from another route`);
    into.set(name, text);
  }
  for (const [key, value] of Object.entries(schema)) if (key !== 'definitions') collectDefinitions(value, into, url);
}

/**
 * The API's OpenAPI document: every route the server registers, as @fastify/swagger collects them with their
 * schemas, the generic entity routes described as codegen wrote them (`generated/openapi.json`: summaries, filters,
 * record schemas). Served at `<apiBase>/openapi.json`, and browsable at `<apiBase>/docs` (@fastify/swagger-ui).
 * Registered before the routes, so it sees each one.
 */
export async function registerApiDocs(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const base = config.apiBase;
  // Local `definitions` of the route schemas: @fastify/swagger rewrites the `$ref`s to them into
  // `#/components/schemas/<name>` but does not move the schemas there (only shared `addSchema` ones).
  const definitions = new Map<string, string>();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Marketplace admin API', version: '1.0.0' },
      servers: [{ url: base }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    // Only the API: the UI's files are not part of it.
    transform: ({ schema, url }) => {
      const hide = Boolean(schema?.hide) || !url.startsWith(`${base}/`);
      if (!hide) collectDefinitions(schema, definitions, url);
      return { schema: { ...schema, hide }, url };
    },
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
      paths[path] = Object.fromEntries(
        Object.entries(ops).map(([method, op]) => [method, known[method] ?? openapiOperation(op)]),
      );
    }
    merged = {
      ...live,
      info: { title: 'Marketplace admin API', version: '1.0.0' },
      paths,
      // Merged a level down: the plugin's own (empty) `schemas` must not replace codegen's, which ~100 `$ref`s of
      // the generic routes point at.
      components: {
        ...described.components,
        ...live.components,
        schemas: {
          ...described.components?.schemas,
          ...Object.fromEntries([...definitions].map(([name, text]) => [name, JSON.parse(text)])),
          ...live.components?.schemas,
        },
      },
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
