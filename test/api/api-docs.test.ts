import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../src/server/core/route-registry';
import { toOpenapiSchema } from '../../src/server/api-docs';
import { startServer, type TestServer } from './helpers';

/** The OpenAPI document the app serves names exactly the routes the server registers, and its page opens. */
describe('API docs', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('serves /api/openapi.json with every registered route and nothing else', async () => {
    const res = await fetch(`${s.base}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, object> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0].url).toBe(s.config.apiBase);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const registered = registeredRoutes(s.built.app)
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`)
      .sort();
    expect(documented).toEqual([...new Set(registered)]);
    expect(documented.length).toBeGreaterThan(300);
    // The generic routes carry codegen's descriptions; a domain route its own schema.
    expect((doc.paths['/brand/list'] as { get: { summary: string } }).get.summary).toBe('List Brands');
    expect(doc.paths['/dashboard/summary']).toHaveProperty('get');
    // A domain write's body is documented with its entity's field schemas (a length, a bound from the schemas).
    type Op = { requestBody?: { content: Record<string, { schema: { properties?: Record<string, object> } }> } };
    const bodyOf = (path: string) =>
      Object.values((doc.paths[path] as { post: Op }).post.requestBody?.content ?? {})[0]?.schema.properties;
    expect(bodyOf('/order/update/receiverInfo')).toMatchObject({ receiverName: { type: 'string', maxLength: 100 } });
    expect(bodyOf('/balance/recharge')).toMatchObject({ amount: { type: 'number', maximum: 100000000 } });
    // Lines: a list, each line its record's id and the fields, as the schema's action states them.
    const delivery = Object.values(
      (doc.paths['/order/update/delivery'] as { post: { requestBody: { content: Record<string, { schema: any }> } } })
        .post.requestBody.content,
    )[0].schema;
    expect(delivery).toMatchObject({
      type: 'array',
      items: { properties: { orderId: {}, deliveryCompany: { maxLength: 64 }, deliverySn: {} } },
    });
    expect([...delivery.items.required].sort()).toEqual(['deliveryCompany', 'deliverySn', 'orderId']);
  });

  it('is a valid OpenAPI document whose every $ref resolves', async () => {
    const doc = await (await fetch(`${s.base}/openapi.json`)).json();
    // The whole document, whatever routes and schemas it holds: validate() checks it against the OpenAPI 3.0 schema
    // and dereferences every $ref, failing on one that points nowhere.
    const problems = await SwaggerParser.validate(structuredClone(doc)).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(problems).toBe('');
    expect(Object.keys(doc.components.schemas)).toContain('BrandCreate');
  });

  it('describes a route schema in OpenAPI 3.0 terms whatever JSON Schema keywords it uses', async () => {
    // Keywords the routes' schemas may grow: each becomes OpenAPI's own or an `x-` extension.
    const schema = toOpenapiSchema({
      $id: 'thing',
      type: 'object',
      required: ['kind'],
      properties: {
        kind: { const: 'a', errorMessage: 'must be a' },
        size: { type: ['integer', 'null'], examples: [3] },
        gone: { type: 'null' },
        tags: { type: 'array', items: { type: 'string', propertyNames: { pattern: '^x' } } },
        either: { type: ['string', 'number'] },
      },
      patternProperties: { '^x-': { type: 'string' } },
      if: { properties: { kind: { const: 'a' } } },
      then: { required: ['size'] },
    });
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { thing: schema } },
    };
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(schema).toMatchObject({
      properties: { kind: { enum: ['a'] }, size: { type: 'integer', nullable: true, example: 3 } },
    });
  });

  it('describes the generic routes with their record schemas and example values', async () => {
    const doc = await (await fetch(`${s.base}/openapi.json`)).json();
    const api = (await SwaggerParser.dereference(structuredClone(doc))) as any;
    const create = api.paths['/brand/create'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.properties.name).toMatchObject({ type: 'string', minLength: 2 });
    expect(body.required).toContain('name');
    // Swagger UI builds its example body from `example` / `default`, not the word "string".
    expect(body.properties.showStatus).toMatchObject({ default: 1, example: 1 });
    expect(body.properties.sort).toMatchObject({ default: 0, example: 0 });
    const answer = create.responses['200'].content['application/json'].schema;
    expect(answer.properties.data.properties.name.type).toBe('string');
    const one = api.paths['/brand/{id}'].get.responses['200'].content['application/json'].schema;
    expect(one.properties.data.properties.id.type).toBe('integer');
  });

  it('offers the interactive page without a token', async () => {
    const page = await fetch(`${s.base}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
    expect((await fetch(`${s.base}/docs/json`)).status).toBe(200);
  });
});
