/** generated/openapi.json: OpenAPI 3.0 of the generic routes of every entity, responses in the {code,message,data} envelope. */
import type { EntityMeta } from '../../../src/shared/entity-meta';
import type { Model, RawProperty } from '../model';
import { json, pascal } from '../print';
import { writeSchema } from './validators';

/** "a brand", "an admin user": the article by the label's first letter. */
const article = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const envelope = (data: object) => ({
  description: 'HTTP 200; `code` 200 on success, 404 validation failed / not found, 401, 403, 500',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' }, data } },
    },
  },
});
const q = (name: string, schema: object, description?: string) => ({
  name,
  in: 'query',
  required: false,
  schema,
  ...(description ? { description } : {}),
});
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
const idsParam = q('ids', { type: 'string' }, 'comma-joined ids, e.g. 1,2,3');
const count = envelope({ type: 'integer', description: 'rows changed' });

/** A property's sample value for Swagger UI's example bodies: its first `examples` item, else its `default`. */
const sampleOf = (p: RawProperty): unknown => (Array.isArray(p.examples) ? p.examples[0] : p.default);

/**
 * The write schema's properties (validator keywords only) with the schema's `default` and an OpenAPI `example`, so
 * the example body Swagger UI offers holds real values (a status's default, not `0`; a text's example, not "string").
 */
function withExamples(properties: Record<string, object>, raw: Record<string, RawProperty>) {
  return Object.fromEntries(
    Object.entries(properties).map(([name, s]) => {
      const p = raw[name];
      const sample = sampleOf(p);
      return [
        name,
        {
          ...s,
          ...(p.default !== undefined ? { default: p.default } : {}),
          ...(sample !== undefined ? { example: sample } : {}),
        },
      ];
    }),
  );
}

/**
 * A create body names the owning shop: read-only to the validators (the server decides it from the caller and this
 * field, never the update), but platform staff and a seller with several shops send it. Not where the shop comes
 * from another record (`tenantFrom`).
 */
function withTenant(e: EntityMeta, properties: Record<string, object>): Record<string, object> {
  if (!e.tenant || e.tenant === 'id' || e.tenantFrom) return properties;
  const description =
    'The owning shop: required of platform staff and of a seller with several shops (one of its own); a seller ' +
    'with one shop may leave it out. Kept on update.';
  return { ...properties, [e.tenant]: { type: 'integer', minimum: 1, description, example: 1 } };
}

function recordSchema(model: Model, e: EntityMeta) {
  const raw = model.raw[e.name];
  const properties = Object.fromEntries(
    e.fields
      .filter((f) => !f.writeOnly)
      .map((f) => {
        // `examples` is JSON Schema's; OpenAPI 3.0 has one `example`.
        const { 'x-admin': _x, writeOnly: _w, examples: _e, ...p } = raw.properties[f.name] as RawProperty;
        const sample = sampleOf(raw.properties[f.name]);
        return [f.name, sample !== undefined ? { ...p, example: sample } : p];
      }),
  );
  return { type: 'object', properties };
}

function listParams(e: EntityMeta) {
  const field = (n: string) => e.fields.find((f) => f.name === n)!;
  const typeOf = (n: string) => ({
    type: field(n).type === 'integer' ? 'integer' : field(n).type === 'number' ? 'number' : 'string',
  });
  return [
    q('pageNum', { type: 'integer', default: 1 }),
    q('pageSize', { type: 'integer', default: 5 }),
    ...(e.keyword ? [q(e.keyword.param, { type: 'string' }, `searches ${e.keyword.fields.join(', ')}`)] : []),
    ...e.filters.flatMap((f) =>
      f.op === 'range'
        ? [q(`${f.param}From`, typeOf(f.field)), q(`${f.param}To`, typeOf(f.field))]
        : [q(f.param, typeOf(f.field), `${f.op} on ${f.field}`)],
    ),
    q('sort', { type: 'string', enum: e.sortable }),
    q('order', { type: 'string', enum: ['asc', 'desc'] }),
    idsParam,
  ];
}

function paths(e: EntityMeta) {
  const N = pascal(e.name);
  const tags = [e.name];
  const page = {
    type: 'object',
    properties: {
      pageNum: { type: 'integer' },
      pageSize: { type: 'integer' },
      totalPage: { type: 'integer' },
      total: { type: 'integer' },
      totalExact: { type: 'boolean' },
      list: { type: 'array', items: ref(N) },
    },
  };
  const body = (s: string) => ({ required: true, content: { 'application/json': { schema: ref(s) } } });
  const out: Record<string, Record<string, object>> = {};
  const add = (path: string, method: string, op: object) =>
    ((out[`${e.path}${path}`] ??= {})[method] = { tags, ...op });
  if (e.crud.list)
    add('/list', 'get', {
      summary: `List ${e.label.en}`,
      parameters: listParams(e),
      responses: { 200: envelope(page) },
    });
  if (e.aliases.includes('GET /listAll'))
    add('/listAll', 'get', {
      summary: `All ${e.label.en}`,
      responses: { 200: envelope({ type: 'array', items: ref(N) }) },
    });
  if (e.crud.create)
    add('/create', 'post', {
      summary: `Create ${article(e.labelOne.en)}`,
      requestBody: body(`${N}Create`),
      responses: { 200: envelope(ref(N)) },
    });
  if (e.crud.update)
    add('/update/{id}', 'post', {
      summary: `Update ${article(e.labelOne.en)}`,
      parameters: [idParam],
      requestBody: body(`${N}Update`),
      responses: { 200: envelope(ref(N)) },
    });
  for (const b of e.batch)
    add(`/update/${b}`, 'post', {
      summary: `Set ${e.batchFields?.[b] ?? b} of many`,
      parameters: [idsParam, q(b, { type: 'string' })],
      responses: { 200: count },
    });
  if (e.crud.delete) {
    add('/delete/{id}', 'post', {
      summary: `Delete ${article(e.labelOne.en)}`,
      parameters: [idParam],
      responses: { 200: count },
    });
    add('/delete', 'post', { summary: `Delete many`, parameters: [idsParam], responses: { 200: count } });
    add('/delete/batch', 'post', { summary: `Delete many`, parameters: [idsParam], responses: { 200: count } });
  }
  if (e.crud.get)
    add('/{id}', 'get', {
      summary: `One ${e.labelOne.en}`,
      parameters: [idParam],
      responses: { 200: envelope(ref(N)) },
    });
  return out;
}

/**
 * The child lists a write may carry (`x-admin.children`): rows of the child's fields but its parent, or the ids of an
 * `ids` list; at most `maxItems`. An update that leaves a list out keeps it.
 */
function childLists(model: Model, e: EntityMeta): Record<string, object> {
  return Object.fromEntries(
    (e.children ?? []).map((c) => {
      const child = model.entities.find((m) => m.name === c.resource)!;
      const { $id: _id, ...item } = writeSchema(child, model, 'item');
      const items = c.ids ? { type: 'integer', minimum: 1 } : item;
      const when = c.when ? `; kept only while ${c.when.field} is ${c.when.values.join(' or ')}` : '';
      const what = c.ids ? `ids of ${c.ids}, one ${child.name} row each` : `${child.name} rows`;
      const description = `${what}; replaces the stored list, which a write without it keeps${when}`;
      return [c.key, { type: 'array', items, ...(c.maxItems ? { maxItems: c.maxItems } : {}), description }];
    }),
  );
}

export function emitOpenapi(model: Model): Record<string, string> {
  const entities = model.entities.filter((e) => !e.internal);
  const schemas: Record<string, object> = {};
  for (const e of entities) {
    const N = pascal(e.name);
    schemas[N] = recordSchema(model, e);
    for (const mode of ['create', 'update'] as const) {
      const { $id: _id, ...s } = writeSchema(e, model, mode);
      const properties = { ...withExamples(s.properties, model.raw[e.name].properties), ...childLists(model, e) };
      schemas[`${N}${pascal(mode)}`] = { ...s, properties: mode === 'create' ? withTenant(e, properties) : properties };
    }
  }
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Marketplace admin API (generic entity routes)', version: '1.0.0' },
    servers: [{ url: '/api' }],
    security: [{ bearerAuth: [] }],
    paths: Object.assign({}, ...entities.map(paths)),
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } }, schemas },
  };
  return { 'openapi.json': json(doc) };
}
