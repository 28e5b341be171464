import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

/** Seller tenancy through the generic layer and the member/shop domains: scoped reads, stamped and checked writes. */
describe.each(dialects)('tenancy on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  let mine: number[]; // seller's shops
  let theirs: number; // seller2's shop
  const as = (who: string) => (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: t[who], query });

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
      ['operator', 'operator123'],
    ]) {
      t[u] = await s.login(u, p);
    }
    mine = (await as('seller')('GET', '/shop/list')).data.list.map((x: { id: number }) => x.id).sort();
    theirs = (await as('seller2')('GET', '/shop/list')).data.list[0].id;
  });
  afterAll(async () => s?.close());

  it('a seller lists only its shops and their members; platform admins see all and filter by shop', async () => {
    expect(mine).toHaveLength(2);
    expect(mine).not.toContain(theirs);
    const members = (await as('seller')('GET', '/member/list', undefined, { pageSize: 100 })).data.list;
    expect(members.length).toBeGreaterThan(0);
    expect(members.every((m: { shopId: number }) => mine.includes(m.shopId))).toBe(true);
    const all = (await as('admin')('GET', '/shop/list', undefined, { pageSize: 100 })).data;
    expect(all.total).toBe(4); // the sellers' three and the platform's own
    const filtered = (await as('admin')('GET', '/member/list', undefined, { shopId: theirs, pageSize: 100 })).data.list;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((m: { shopId: number }) => m.shopId === theirs)).toBe(true);
    // a seller filtering by another's shop gets nothing
    expect((await as('seller')('GET', '/member/list', undefined, { shopId: theirs })).data.total).toBe(0);
  });

  it('another shop\'s record is "not found", exactly like a missing one', async () => {
    const theirMember = (await as('seller2')('GET', '/member/list')).data.list[0];
    const missing = await as('seller')('GET', '/member/999999');
    const foreign = await as('seller')('GET', `/member/${theirMember.id}`);
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ code: 404, message: Messages.notFound });
    expect(await as('seller')('GET', `/shop/${theirs}`)).toEqual(await as('seller')('GET', '/shop/999999'));
    expect((await as('seller')('POST', `/shop/update/${theirs}`, { shopName: 'Taken over' })).code).toBe(404);
    expect((await as('seller')('POST', `/member/update/${theirMember.id}`, { nickname: 'x' })).code).toBe(404);
    expect((await as('seller')('POST', `/member/delete/${theirMember.id}`)).code).toBe(404);
    expect((await as('admin')('GET', `/member/${theirMember.id}`)).data.nickname).toBe(theirMember.nickname);
  });

  it("batch updates and deletes touch only the caller's rows", async () => {
    const own = (await as('seller')('GET', '/member/list')).data.list[0];
    const other = (await as('seller2')('GET', '/member/list')).data.list[0];
    const n = await as('seller')('POST', '/member/update/status', undefined, {
      ids: `${own.id},${other.id}`,
      status: 0,
    });
    expect(n).toMatchObject({ code: 200, data: 1 });
    expect((await as('admin')('GET', `/member/${other.id}`)).data.status).toBe(other.status);
    expect((await as('admin')('GET', `/member/${own.id}`)).data.status).toBe(0);
    const d = await as('seller2')('POST', '/member/delete', undefined, { ids: `${own.id}` });
    expect(d).toMatchObject({ code: 200, data: 0 });
    expect((await as('admin')('GET', `/member/${own.id}`)).code).toBe(200);
  });

  it('stamps the shop from the token; a seller may pick only one of its own shops', async () => {
    const first = await as('seller')('POST', '/member/create', { username: 'stamp.one', shopId: theirs });
    expect(first.code).toBe(404);
    expect(first.message).toMatch(/shopId: is not one of your shops/);
    // a seller with several shops must choose one (never silently its first)
    const dflt = await as('seller')('POST', '/member/create', { username: 'stamp.two' });
    expect(dflt).toMatchObject({ code: 404, message: 'Validation Failed: shopId: choose the shop it belongs to' });
    const picked = await as('seller')('POST', '/member/create', { username: 'stamp.three', shopId: mine[1] });
    expect(picked.data.shopId).toBe(mine[1]);
    // the shop of a record is never taken from an update body
    const moved = await as('seller')('POST', `/member/update/${picked.data.id}`, { shopId: theirs, nickname: 'Moved' });
    expect(moved.data).toMatchObject({ nickname: 'Moved', shopId: mine[1] });
    expect((await as('admin')('GET', `/member/${picked.data.id}`)).data.shopId).toBe(mine[1]);
    // platform admins name any shop
    const byAdmin = await as('admin')('POST', '/member/create', { username: 'stamp.four', shopId: theirs });
    expect(byAdmin.data.shopId).toBe(theirs);
  });

  it('a seller without a shop is refused tenant records and sees none', async () => {
    await s.api('POST', '/admin/register', { username: 'newbie', password: 'secret123' });
    const tok = await s.login('newbie', 'secret123');
    expect((await s.api('GET', '/member/list', undefined, { token: tok })).data.total).toBe(0);
    expect((await s.api('GET', '/shop/list', undefined, { token: tok })).data.total).toBe(0);
    const env = await s.api('POST', '/member/create', { username: 'orphan' }, { token: tok });
    expect(env.code).toBe(404);
    expect(env.message).toMatch(/you have no shop yet/);
  });

  it("a new shop joins the seller's scope at once", async () => {
    const shop = await as('seller')('POST', '/shop/create', { shopName: 'Third Store', country: 'FR' });
    expect(shop.code).toBe(200);
    const m = await as('seller')('POST', '/member/create', { username: 'in.third', shopId: shop.data.id });
    expect(m.data.shopId).toBe(shop.data.id);
    expect((await as('seller2')('GET', `/shop/${shop.data.id}`)).code).toBe(404);
  });

  it("scope comes from the role's platform flag, not its name: renaming the seller role changes nothing", async () => {
    const roles = (await as('admin')('GET', '/role/listAll')).data as { id: number; name: string; platform: number }[];
    const seller = roles.find((r) => r.name === 'Seller')!;
    expect(seller.platform).toBe(0);
    expect(roles.find((r) => r.name === 'Operator')!.platform).toBe(1);
    expect((await as('admin')('POST', `/role/update/${seller.id}`, { name: 'Merchant' })).code).toBe(200);
    // A seller without a shop, registered after the rename, still gets the (renamed) seller role and sees nothing.
    await s.api('POST', '/admin/register', { username: 'late.seller', password: 'secret123' });
    const tok = await s.login('late.seller', 'secret123');
    expect((await s.api('GET', '/admin/info', undefined, { token: tok })).data.roles).toEqual(['Merchant']);
    expect((await s.api('GET', '/shop/list', undefined, { token: tok })).data.total).toBe(0);
    expect((await s.api('GET', '/member/list', undefined, { token: tok })).data.total).toBe(0);
    expect((await s.api('GET', '/product/list', undefined, { token: tok })).data.total).toBe(0);
    // The operator (a platform role) still sees every shop.
    expect((await as('operator')('GET', '/product/list')).data.total).toBeGreaterThan(0);
    await as('admin')('POST', `/role/update/${seller.id}`, { name: 'Seller' });
  });

  it('a seller reads the flash sessions every shop uses but cannot switch one off; the operator can', async () => {
    const session = (await as('seller')('GET', '/flashSession/list', undefined, { pageNum: 1, pageSize: 5 })).data
      .list[0];
    expect(session.status).toBe(1);
    const off = await as('seller')('POST', `/flashSession/update/status/${session.id}`, undefined, { status: 0 });
    expect(off).toEqual({ code: 403, message: Messages.forbidden, data: null });
    const edit = await as('seller')('POST', `/flashSession/update/${session.id}`, { name: 'Mine now' });
    expect(edit.code).toBe(403);
    expect((await as('seller')('POST', '/flashSession/create', { name: 'Seller slot' })).code).toBe(403);
    expect((await as('admin')('GET', `/flashSession/${session.id}`)).data).toEqual(session);
    const byOperator = await as('operator')('POST', `/flashSession/update/status/${session.id}`, undefined, {
      status: 0,
    });
    expect(byOperator.code).toBe(200);
    await as('operator')('POST', `/flashSession/update/status/${session.id}`, undefined, { status: 1 });
  });
});
