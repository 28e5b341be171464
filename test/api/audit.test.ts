import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { dialects, startServer, type TestServer } from './helpers';

/** The audit trail: every write through the API, in its transaction, with who, where, what and the changes. */
describe.each(dialects)('audit trail on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const api = (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token, query });
  const entries = async (query: Record<string, string | number>) =>
    (await api('GET', '/auditLog/list', undefined, { pageSize: 100, ...query })).data;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('records a product update with its changed fields, who and from where', async () => {
    const product = (await api('GET', '/product/list', undefined, { pageSize: 1 })).data.list[0];
    const res = await api('POST', `/product/update/${product.id}`, { name: 'Audited name', price: 12.34 });
    expect(res.code, res.message).toBe(200);
    const [row] = (await entries({ entity: 'product', recordId: product.id })).list;
    expect(row).toMatchObject({
      username: 'admin',
      action: 'update',
      entity: 'product',
      recordId: product.id,
      path: `POST /api/product/update/${product.id}`,
    });
    expect(row.ip).toMatch(/127\.0\.0\.1/);
    expect(JSON.parse(row.changes)).toEqual({
      name: [product.name, 'Audited name'],
      price: [product.price, 12.34],
    });
  });

  it('records creates, batch switches and deletes row by row; a refused write leaves no entry', async () => {
    const before = (await entries({})).total;
    const brand = (await api('POST', '/brand/create', { name: 'Audit Brand' })).data;
    await api('POST', '/brand/update/showStatus', undefined, { ids: brand.id, showStatus: 0 });
    await api('POST', `/brand/delete/${brand.id}`);
    const rows = (await entries({ entity: 'brand', recordId: brand.id })).list;
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(JSON.parse(rows[1].changes)).toEqual({ showStatus: [1, 0] });
    expect(JSON.parse(rows[0].changes).name).toEqual(['Audit Brand', null]);
    expect((await api('POST', '/brand/create', { name: 'X' })).code).toBe(404);
    expect((await entries({})).total).toBe(before + 3);
  });

  it('never stores a secret; records domain writes as calls; only platform staff read it', async () => {
    const secret = entities.shop.fields.find((f) => f.secret)!.name;
    const shop = (await api('GET', '/shop/list')).data.list[0];
    const value = 'TOP-SECRET-do-not-log-9f8e7d';
    expect((await api('POST', `/shop/update/${shop.id}`, { [secret]: value, city: 'Audit City' })).code).toBe(200);
    const [row] = (await entries({ entity: 'shop', recordId: shop.id })).list;
    expect(row.changes).not.toContain('9f8e7d');
    expect(JSON.parse(row.changes).city[1]).toBe('Audit City');
    const all = (await entries({ pageSize: 1000 })).list;
    expect(JSON.stringify(all)).not.toContain('TOP-SECRET');
    // A domain's own write (an order note) is on the trail as a call.
    const order = (await api('GET', '/order/list', undefined, { pageSize: 1 })).data.list[0];
    await api('POST', '/order/update/note', { id: order.id, note: 'Audited note', status: order.status });
    const [call] = (await entries({ entity: 'order' })).list;
    expect(call).toMatchObject({ username: 'admin', path: 'POST /api/order/update/note' });
    const seller = await s.login('seller', 'seller123');
    expect((await s.api('GET', '/auditLog/list', undefined, { token: seller })).code).toBe(403);
  });
});
