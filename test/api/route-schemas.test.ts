/**
 * Every domain route (read from the running app, whatever registered it) declares its path parameters and its
 * answer, and a route schema's refusal keeps the product's envelope and wording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions } from '../../generated/actions';
import { registeredRoutes, type RouteInfo } from '../../src/server/core/route-registry';
import { dialects, startServer, type TestServer } from './helpers';

const keyOf = (r: RouteInfo) => `${r.method} ${r.path}`;
const hasParams = (path: string) => /:[^/]+/.test(path);

describe.each(dialects)('domain route schemas on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const call = (method: string, path: string, query?: Record<string, string>) =>
    s.api(method, path, undefined, { token, query });

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('every domain route has a params schema when its path has parameters, and a response schema', () => {
    const domain = registeredRoutes(s.built.app).filter((r) => !r.generic);
    // Writes of entities are generic routes with hooks since the write pipeline; the rest are still many.
    expect(domain.length).toBeGreaterThan(40);
    expect(domain.map(keyOf)).toEqual(
      expect.arrayContaining(['POST /minio/upload', 'GET /product/updateInfo/:id', 'GET /demo']),
    );
    const missing = domain.flatMap((r) => [
      ...(hasParams(r.path) && !r.schema.params ? [`${keyOf(r)}: params`] : []),
      ...(!r.schema.response ? [`${keyOf(r)}: response`] : []),
    ]);
    expect(missing).toEqual([]);
  });

  it('every route taking a body (POST, PUT, PATCH), generic or domain, declares its body schema', () => {
    const writes = registeredRoutes(s.built.app).filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(writes.filter((r) => r.generic).length).toBeGreaterThan(100);
    expect(writes.filter((r) => !r.generic).length).toBeGreaterThan(20);
    expect(writes.filter((r) => !r.schema.body).map(keyOf)).toEqual([]);
  });

  it('every action the schemas declare (generated/actions.ts) has its route', () => {
    const anyParam = (key: string) => key.replace(/:[^/]+/g, ':');
    const routes = new Set(registeredRoutes(s.built.app).map((r) => anyParam(keyOf(r))));
    const declared = Object.values(actions).flatMap((named) => Object.values(named));
    expect(declared.length).toBeGreaterThan(30);
    expect(declared.map((a) => `${a.method} ${a.url}`).filter((k) => !routes.has(anyParam(k)))).toEqual([]);
  });

  it('coerces ids from the path and the query as upstream clients send them', async () => {
    const cat = (await call('GET', '/productCategory/list/0', { pageSize: '1' })).data.list[0];
    expect((await call('GET', `/productCategory/list/${cat.id}`, { pageSize: '1', pageNum: '1' })).code).toBe(200);
    const roles = await call('GET', '/admin/role/1');
    expect(roles.data.map((r: { name: string }) => r.name)).toEqual(['Super admin']);
    const attrs = await call(
      'GET',
      `/productAttribute/list/${(await call('GET', '/productAttribute/category/list/withAttr')).data[0].id}`,
      { type: '0' },
    );
    expect(attrs.data.list.every((a: { type: number }) => a.type === 0)).toBe(true);
  });

  it('refuses a malformed path or query id in the envelope, as the handlers word it', async () => {
    // Numbers in other spellings are not ids either: `0x10` is not product 16, `1e1` not role 10.
    for (const path of [
      '/product/updateInfo/abc',
      '/admin/role/0',
      '/sku/-3',
      '/product/updateInfo/0x10',
      '/admin/role/1e1',
      '/sku/%2016',
    ]) {
      const env = await call('GET', path);
      expect(env.code).toBe(404);
      expect(env.message).toMatch(/^Validation Failed: (id|pid): must be a positive integer$/);
      expect(env.data.errors).toBeTruthy();
    }
    expect((await call('GET', '/menu/list/x')).message).toBe('Validation Failed: parentId: must be a positive integer');
    const grant = await s.api('POST', '/vip/grant', undefined, { token, query: { adminId: 'nobody', plan: '1m' } });
    expect(grant).toMatchObject({ code: 404, message: 'Validation Failed: adminId: must be a positive integer' });
  });
});
