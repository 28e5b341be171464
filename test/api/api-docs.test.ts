import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../src/server/core/route-registry';
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
  });

  it('offers the interactive page without a token', async () => {
    const page = await fetch(`${s.base}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
    expect((await fetch(`${s.base}/docs/json`)).status).toBe(200);
  });
});
