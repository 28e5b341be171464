import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import type { ChildListMeta, EntityMeta } from '../../src/shared/entity-meta';
import { dialects, startServer, type TestServer } from './helpers';
import { fixtureOrder } from './order-fixtures';

const STALE = 'Someone else changed this record after you opened it; nothing was saved';

/** Every entity whose records carry child lists and a version, as the schemas describe them. */
const parents = Object.values(entities as Record<string, EntityMeta>).filter(
  (e) => e.children?.length && e.crud.get && e.crud.update && e.fields.some((f) => f.auto === 'version'),
);
const lists = parents.flatMap((p) => p.children!.map((c) => [p, c] as [EntityMeta, ChildListMeta]));

/**
 * A record's child rows are part of it: any write of them moves its version, so a save of a copy loaded before —
 * naming that version — is refused instead of putting the older rows back.
 */
describe.each(dialects)('writes of child rows move the record version on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const call = (method: string, path: string, body?: unknown, opts: Parameters<TestServer['api']>[3] = {}) =>
    s.api(method, path, body, { token, ...opts });
  const ifMatch = (v: number) => ({ headers: { 'If-Match': `"${v}"` } });

  /** A stored record of `p` whose list `c` is kept (its `when` met), one with rows in that list when there is one. */
  async function recordFor(p: EntityMeta, c: ChildListMeta) {
    const page = (await call('GET', `${p.path}/list`, undefined, { query: { pageNum: 1, pageSize: 30 } })).data;
    const kept = (r: Record<string, unknown>) =>
      !c.when || c.when.values.some((v) => String(v) === String(r[c.when!.field]));
    let found: Record<string, any> | undefined;
    for (const row of page.list.filter(kept)) {
      const rec = (await call('GET', `${p.path}/${row.id}`)).data;
      found ??= rec;
      if (rec[c.key]?.length) return rec;
    }
    expect(found, `a ${p.name} whose ${c.key} is kept`).toBeDefined();
    return found!;
  }

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('finds the parents in the schemas', () => {
    expect(parents.map((p) => p.name)).toEqual(expect.arrayContaining(['product', 'coupon']));
  });

  it.each(lists.map(([p, c]) => [`${p.name}.${c.key}`, p, c] as const))(
    '%s: a save of the list alone moves the version; a save of the older copy is refused',
    async (_name, p, c) => {
      const loaded = await recordFor(p, c);
      const v = loaded.rowVersion as number;
      const old = loaded[c.key];
      // Someone saves the list alone (no field of the record itself).
      const first = await call('POST', `${p.path}/update/${loaded.id}`, { [c.key]: old });
      expect(first.code, first.message).toBe(200);
      const now = (await call('GET', `${p.path}/${loaded.id}`)).data;
      expect(now.rowVersion).toBe(v + 1);
      // A save of the copy loaded before, naming its version, with the list it had: refused.
      const stale = await call('POST', `${p.path}/update/${loaded.id}`, { [c.key]: old }, ifMatch(v));
      expect(stale).toMatchObject({ code: 409, message: STALE, data: { id: loaded.id, rowVersion: v + 1 } });
      expect(stale.data[c.key]).toHaveLength(old.length);
      // With the version now stored: saved.
      expect((await call('POST', `${p.path}/update/${loaded.id}`, { [c.key]: old }, ifMatch(v + 1))).code).toBe(200);
    },
  );

  /** A product with SKUs, as its edit form loads it. */
  async function productWithSkus() {
    const page = (await call('GET', '/product/list', undefined, { query: { pageNum: 1, pageSize: 30 } })).data;
    for (const row of page.list) {
      const info = (await call('GET', `/product/updateInfo/${row.id}`)).data;
      if (info.skuStockList.length && info.skuStockList.every((k: any) => k.stock >= 0)) return info;
    }
    throw new Error('no product with SKUs');
  }

  it("a product's SKU update (/sku/update) moves the product's version: the older form's save is refused", async () => {
    const loaded = await productWithSkus();
    const v = loaded.rowVersion as number;
    const [sku] = loaded.skuStockList;
    expect((await call('POST', `/sku/update/${loaded.id}`, [{ id: sku.id, stock: 777 }])).code).toBe(200);
    const stale = await call(
      'POST',
      `/product/update/${loaded.id}`,
      { skuStockList: loaded.skuStockList, name: loaded.name },
      ifMatch(v),
    );
    expect(stale).toMatchObject({ code: 409, message: STALE });
    const now = (await call('GET', `/product/updateInfo/${loaded.id}`)).data;
    expect(now.rowVersion).toBe(v + 1);
    expect(now.skuStockList.find((k: any) => k.id === sku.id).stock).toBe(777);
  });

  it("an order's close, putting stock back on SKUs, moves their product's version", async () => {
    const loaded = await productWithSkus();
    const v = loaded.rowVersion as number;
    const [sku] = loaded.skuStockList;
    const member = (await call('GET', '/member/list', undefined, { query: { pageSize: 1 } })).data.list[0];
    const order = await fixtureOrder(s, {
      shopId: loaded.shopId,
      memberId: member.id,
      status: 0,
      lines: [{ productId: loaded.id, skuId: sku.id, quantity: 3 }],
    });
    expect(
      (await call('POST', '/order/update/close', undefined, { query: { ids: order, note: 'Not paid' } })).code,
    ).toBe(200);
    const now = (await call('GET', `/product/updateInfo/${loaded.id}`)).data;
    expect(now.skuStockList.find((k: any) => k.id === sku.id).stock).toBe(sku.stock + 3);
    expect(now.rowVersion).toBe(v + 1);
    const stale = await call('POST', `/product/update/${loaded.id}`, { skuStockList: loaded.skuStockList }, ifMatch(v));
    expect(stale).toMatchObject({ code: 409, message: STALE });
  });
});
