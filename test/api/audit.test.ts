import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { dialects, startServer, type TestServer } from './helpers';
import { fixtureOrder } from './order-fixtures';
import { DETAILED_ROWS } from '../../src/server/core/audit';
import { OrderStatus, ReturnApplyStatus } from '../../generated/enums';

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

  /** The newest entry of `entity` row `id`, its changes parsed. */
  const latest = async (entity: string, id: number) => {
    const [row] = (await entries({ entity, recordId: id })).list;
    expect(row, `${entity} #${id} has an entry`).toBeDefined();
    return { ...row, changes: JSON.parse(row.changes) } as Record<string, any>;
  };

  it('records account creation, resets and own password changes: who, which account, the password as [changed]', async () => {
    const created = await api('POST', '/admin/register', { username: 'audited.one', password: 'secret123' });
    expect(created.code, created.message).toBe(200);
    const id = created.data.id;
    const create = await latest('admin', id);
    expect(create).toMatchObject({ action: 'create', username: 'admin', recordId: id });
    expect(create.changes).toMatchObject({ username: [null, 'audited.one'], password: '[changed]' });

    expect((await api('POST', `/admin/update/${id}`, { password: 'reset1234' })).code).toBe(200);
    const reset = await latest('admin', id);
    expect(reset).toMatchObject({ action: 'update', username: 'admin', path: `POST /api/admin/update/${id}` });
    expect(reset.changes.password).toBe('[changed]');

    const own = await s.login('audited.one', 'reset1234');
    const res = await s.api(
      'POST',
      '/admin/updatePassword',
      { oldPassword: 'reset1234', newPassword: 'another1' },
      { token: own },
    );
    expect(res.code, res.message).toBe(200);
    const change = await latest('admin', id);
    expect(change).toMatchObject({ action: 'update', username: 'audited.one', path: 'POST /api/admin/updatePassword' });
    expect(change.changes.password).toBe('[changed]');
    // Never a hash nor a password, anywhere on the trail.
    const all = JSON.stringify((await entries({ pageSize: 1000 })).list);
    expect(all).not.toMatch(/\$2[aby]\$/);
    expect(all).not.toContain('another1');
    expect(all).not.toContain('reset1234');
  });

  it('records order actions row by row with before → after', async () => {
    const pending = (await api('GET', '/order/list', undefined, { status: OrderStatus.pendingPayment })).data.list[0];
    expect((await api('POST', '/order/update/close', undefined, { ids: pending.id, note: 'Audit close' })).code).toBe(
      200,
    );
    const close = await latest('order', pending.id);
    expect(close).toMatchObject({ action: 'update', username: 'admin', path: 'POST /api/order/update/close' });
    expect(close.changes.status).toEqual([OrderStatus.pendingPayment, OrderStatus.closed]);

    const toShip = (await api('GET', '/order/list', undefined, { status: OrderStatus.pendingShipment })).data.list[0];
    const ship = await api('POST', '/order/update/delivery', [
      { orderId: toShip.id, deliveryCompany: 'Audit Post', deliverySn: 'AP-1' },
    ]);
    expect(ship.code, ship.message).toBe(200);
    const shipped = await latest('order', toShip.id);
    expect(shipped.changes).toMatchObject({
      status: [OrderStatus.pendingShipment, OrderStatus.shipped],
      deliveryCompany: [toShip.deliveryCompany ?? null, 'Audit Post'],
      deliverySn: [toShip.deliverySn ?? null, 'AP-1'],
    });
    // The history line the action added is on the trail too, as a created row.
    const [history] = (await entries({ entity: 'orderOperateHistory', action: 'create' })).list;
    expect(history).toMatchObject({ username: 'admin', path: 'POST /api/order/update/delivery' });
    expect(history.recordId).toBeGreaterThan(0);
  });

  it('records a product batch action on every product it changed', async () => {
    const list = (await api('GET', '/product/list', undefined, { publishStatus: 1, pageSize: 2 })).data.list;
    const ids = list.map((p: { id: number }) => p.id);
    const res = await api('POST', '/product/update/publishStatus', undefined, { ids: ids.join(','), publishStatus: 0 });
    expect(res.code, res.message).toBe(200);
    for (const id of ids) {
      const e = await latest('product', id);
      expect(e).toMatchObject({ action: 'update', username: 'admin', path: 'POST /api/product/update/publishStatus' });
      expect(e.changes.publishStatus).toEqual([1, 0]);
    }
  });

  it('records a return decision', async () => {
    const a = (await api('GET', '/returnApply/list', undefined, { status: ReturnApplyStatus.pending })).data.list[0];
    const res = await api('POST', `/returnApply/update/status/${a.id}`, {
      status: ReturnApplyStatus.rejected,
      handleNote: 'No',
    });
    expect(res.code, res.message).toBe(200);
    const e = await latest('returnApply', a.id);
    expect(e).toMatchObject({ action: 'update', username: 'admin' });
    expect(e.changes.status).toEqual([ReturnApplyStatus.pending, ReturnApplyStatus.rejected]);
    expect(e.changes.handleNote).toEqual([a.handleNote ?? null, 'No']);
  });

  it('records a recharge and a cashier payment: the balance, the record and the order', async () => {
    const m = (await api('GET', '/member/list')).data.list[0];
    const before = Number((await api('GET', `/member/${m.id}`)).data.balance);
    const res = await api('POST', '/balance/recharge', { memberId: m.id, amount: 500, note: 'Audit' });
    expect(res.code, res.message).toBe(200);
    const member = await latest('member', m.id);
    expect(member).toMatchObject({ action: 'update', username: 'admin', path: 'POST /api/balance/recharge' });
    expect(member.changes.balance).toEqual([before, before + 500]);
    const record = await latest('balanceRecord', res.data.id);
    expect(record).toMatchObject({ action: 'create', username: 'admin' });
    expect(record.changes.amount).toEqual([null, 500]);

    const unpaid = await fixtureOrder(s, {
      shopId: m.shopId,
      memberId: m.id,
      status: OrderStatus.pendingPayment,
      lines: [{ price: 20 }],
    });
    const pay = await api('POST', '/balance/cashier', { memberId: m.id, orderIds: [unpaid] });
    expect(pay.code, pay.message).toBe(200);
    const order = await latest('order', unpaid);
    expect(order).toMatchObject({ action: 'update', path: 'POST /api/balance/cashier' });
    expect(order.changes.status).toEqual([OrderStatus.pendingPayment, OrderStatus.pendingShipment]);
    expect((await latest('member', m.id)).changes.balance[0]).toBe(before + 500);
  });

  it('records menu, role menu and resource allocation, category and attribute creates', async () => {
    const menu = (await api('GET', '/menu/list')).data.list[0];
    expect((await api('POST', `/menu/updateHidden/${menu.id}`, undefined, { hidden: 1 })).code).toBe(200);
    expect((await latest('menu', menu.id)).changes.hidden).toEqual([menu.hidden, 1]);

    const role = (await api('POST', '/role/create', { name: 'Audit role', status: 1 })).data;
    const menus = (await api('GET', '/menu/list', undefined, { pageSize: 2 })).data.list.map(
      (x: { id: number }) => x.id,
    );
    const alloc = await api('POST', '/role/allocMenu', undefined, { roleId: role.id, menuIds: menus.join(',') });
    expect(alloc.code, alloc.message).toBe(200);
    const links = (await entries({ entity: 'roleMenuRelation', action: 'create' })).list.slice(0, 2);
    expect(links.map((l: { username: string }) => l.username)).toEqual(['admin', 'admin']);
    expect(links.map((l: { changes: string }) => JSON.parse(l.changes).menuId[1]).sort()).toEqual([...menus].sort());
    const resources = (await api('GET', '/resource/list', undefined, { pageSize: 1 })).data.list;
    await api('POST', '/role/allocResource', undefined, { roleId: role.id, resourceIds: resources[0].id });
    const [link] = (await entries({ entity: 'roleResourceRelation', action: 'create' })).list;
    expect(JSON.parse(link.changes)).toMatchObject({ roleId: [null, role.id], resourceId: [null, resources[0].id] });

    const category = await api('POST', '/productCategory/create', { name: 'Audit category', parentId: 0 });
    expect(category.code, category.message).toBe(200);
    const c = await latest('productCategory', category.data.id);
    expect(c).toMatchObject({ action: 'create', username: 'admin' });
    expect(c.changes.name).toEqual([null, 'Audit category']);

    const type = (await api('POST', '/productAttribute/category/create', undefined, { name: 'Audit type' })).data;
    const attr = await api('POST', '/productAttribute/create', {
      productAttributeCategoryId: type.id,
      name: 'Audit colour',
      type: 0,
      inputType: 1,
      inputList: 'Red,Blue',
      selectType: 2,
      filterType: 1,
    });
    expect(attr.code, attr.message).toBe(200);
    const a = await latest('productAttribute', attr.data.id);
    expect(a).toMatchObject({ action: 'create', username: 'admin' });
    expect(a.changes.name).toEqual([null, 'Audit colour']);
    // The type's attribute count, which the create moved, is on the trail as the type's update.
    expect((await latest('productAttributeCategory', type.id)).changes.attributeCount).toEqual([0, 1]);
  });

  it('records a bulk write in detail up to DETAILED_ROWS per table, the rest as one summary with ids', async () => {
    const shop = (await api('GET', '/shop/list')).data.list[0].id;
    const n = DETAILED_ROWS + 20;
    const csv = ['username,shopId', ...Array.from({ length: n }, (_, i) => `bulk.${i},${shop}`)].join('\n');
    const res = await fetch(`${s.base}/member/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(await res.json()).toMatchObject({ code: 200, data: { imported: n } });
    const rows = (await entries({ entity: 'member', action: 'create', pageSize: 500 })).list.filter(
      (e: { path: string }) => e.path === 'POST /api/member/import',
    );
    expect(rows).toHaveLength(DETAILED_ROWS + 1);
    const [summary] = rows.filter((e: { recordId: number | null }) => e.recordId === null);
    expect(summary.username).toBe('admin');
    expect(JSON.parse(summary.changes)).toMatchObject({ rows: 20 });
    expect(JSON.parse(summary.changes).ids).toHaveLength(20);
  });
});
