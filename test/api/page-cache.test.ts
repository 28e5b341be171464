/**
 * List pages kept between writes (`pages` in core/crud/reads.ts): a page asked again is answered from memory, and
 * never after a write to its table, here or by another process on the same database (SQLite: the file's change
 * counter; PostgreSQL: a write's answer waits for its NOTIFY, a kept page for a round trip on the LISTEN
 * connection); what a caller adds to a page (a seller's own shops' figures) stays that caller's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('list pages kept between writes (%s)', (dialect) => {
  let one: TestServer;
  let two: TestServer;
  let admin: string;

  beforeAll(async () => {
    one = await startServer({ dialect, config: { metricsToken: 'm' } });
    two = await startServer({
      dialect,
      config: { databaseUrl: one.config.databaseUrl, sqliteFile: one.config.sqliteFile },
    });
    admin = await one.login('admin', 'admin123');
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const brands = async (s: TestServer, token: string) =>
    (await s.api('GET', '/brand/list', undefined, { token, query: { pageNum: 1, pageSize: 100 } })).data.list as {
      id: number;
      name: string;
      productCount: number;
    }[];
  const pageHits = async () => {
    const text = await (await fetch(`${one.base}/metrics`, { headers: { authorization: 'Bearer m' } })).text();
    return Number(/cache_lookups_total\{[^}]*cache="list_pages"[^}]*result="hit"[^}]*\} (\d+)/.exec(text)?.[1] ?? 0);
  };

  it('answers a page asked again from memory, and a write here at once', async () => {
    const first = await brands(one, admin);
    const hits = await pageHits();
    expect(await brands(one, admin)).toEqual(first);
    expect(await pageHits()).toBe(hits + 1);
    const id = first[0]!.id;
    const renamed = `${first[0]!.name} (renamed here)`;
    expect((await one.api('POST', `/brand/update/${id}`, { ...first[0], name: renamed }, { token: admin })).code).toBe(
      200,
    );
    expect((await brands(one, admin)).find((b) => b.id === id)?.name).toBe(renamed);
  });

  it("follows another process's write on the same file at once", async () => {
    const token = await two.login('admin', 'admin123');
    const before = await brands(two, token);
    await brands(two, token);
    const id = before[1]!.id;
    const renamed = `${before[1]!.name} (renamed elsewhere)`;
    expect((await one.api('POST', `/brand/update/${id}`, { ...before[1], name: renamed }, { token: admin })).code).toBe(
      200,
    );
    expect((await brands(two, token)).find((b) => b.id === id)?.name).toBe(renamed);
    const created = (await one.api('POST', '/brand/create', { name: 'Kept page brand' }, { token: admin })).data;
    expect((await brands(two, token)).some((b) => b.id === created.id)).toBe(true);
  });

  it('never answers a kept page older than a write another process answered before the request', async () => {
    const token = await two.login('admin', 'admin123');
    const { id } = (await brands(two, token))[0]!;
    for (let i = 0; i < 40; i++) {
      // Kept on two (asked twice), then written through one and asked of two as soon as one has answered.
      await brands(two, token);
      const brand = (await brands(two, token)).find((b) => b.id === id);
      const name = `Sort ${i} ${dialect}`;
      const saved = await one.api('POST', `/brand/update/${id}`, { ...brand, name }, { token: admin });
      expect(saved.code, saved.message).toBe(200);
      expect((await brands(two, token)).find((b) => b.id === id)?.name).toBe(name);
    }
  });

  it("keeps a seller's own figures out of the page others are answered from", async () => {
    const platform = await brands(one, admin);
    const seller = await one.login('seller', 'seller123');
    const own = await brands(one, seller);
    // The seller's products are some of the platform's: a brand's count differs for some brand.
    expect(own.some((b, i) => b.productCount !== platform[i]!.productCount)).toBe(true);
    expect(await brands(one, admin)).toEqual(platform);
    expect(await brands(one, seller)).toEqual(own);
  });

  it('reads deep pages from the kept anchors, exact at every depth, past the end and after a write', async () => {
    const expected = async (pageNum: number) =>
      (
        await one.built.db.all<{ id: number }>(
          `SELECT "id" FROM "pms_product" WHERE "delete_status" = 0 ORDER BY "id" DESC LIMIT 10 OFFSET ${(pageNum - 1) * 10}`,
          [],
        )
      ).map((r) => Number(r.id));
    const ids = async (pageNum: number) =>
      (
        (await one.api('GET', '/product/list', undefined, { token: admin, query: { pageNum, pageSize: 10 } })).data
          .list as { id: number }[]
      ).map((p) => p.id);
    const total = (await one.api('GET', '/product/list', undefined, { token: admin, query: { pageSize: 1 } })).data
      .total as number;
    expect(total).toBeGreaterThan(200);
    const last = Math.ceil(total / 10);
    // Each anchor's own page, pages between anchors, the last page, and one past it.
    for (const pageNum of [11, 15, 20, 21, 26, last, last + 1])
      expect(await ids(pageNum), `page ${pageNum}`).toEqual(await expected(pageNum));
    const moved = await one.api('POST', '/product/update/deleteStatus', undefined, {
      token: admin,
      query: { ids: (await expected(15))[3]!, deleteStatus: 1 },
    });
    expect(moved.code, moved.message).toBe(200);
    for (const pageNum of [11, 15, 21, 26])
      expect(await ids(pageNum), `page ${pageNum}`).toEqual(await expected(pageNum));
  });

  it('answers a deep page asked again from memory too', async () => {
    const query = { pageNum: 13, pageSize: 10 };
    const page = async () => (await one.api('GET', '/product/list', undefined, { token: admin, query })).data.list;
    const first = await page();
    expect(first).toHaveLength(10);
    // The product pages' statements the second ask runs: none.
    const db = one.built.db;
    const all = db.all;
    let reads = 0;
    db.all = ((text: string, params: unknown[]) => {
      if (text.includes('"pms_product"') && text.includes('LIMIT')) reads++;
      return all.call(db, text, params);
    }) as typeof db.all;
    try {
      expect(await page()).toEqual(first);
    } finally {
      db.all = all;
    }
    expect(reads).toBe(0);
  });

  it('reads a deep page through its filter’s ids, exact after a write moves the page', async () => {
    const q = { pageNum: 11, pageSize: 10 };
    const expected = async () =>
      (
        await one.built.db.all<{ id: number }>(
          'SELECT "id" FROM "pms_product" WHERE "delete_status" = 0 ORDER BY "id" DESC LIMIT 10 OFFSET 100',
          [],
        )
      ).map((r) => Number(r.id));
    const ids = async () =>
      (
        (await one.api('GET', '/product/list', undefined, { token: admin, query: q })).data.list as { id: number }[]
      ).map((p) => p.id);
    const before = await expected();
    expect(before).toHaveLength(10);
    expect(await ids()).toEqual(before);
    expect(await ids()).toEqual(before);
    // A product of an earlier page to the recycle bin: every page after it moves by one.
    const moved = await one.api('POST', '/product/update/deleteStatus', undefined, {
      token: admin,
      query: { ids: before[0]! + 1, deleteStatus: 1 },
    });
    expect(moved.code, moved.message).toBe(200);
    const after = await expected();
    expect(after).not.toEqual(before);
    expect(await ids()).toEqual(after);
  });
});
