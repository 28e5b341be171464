/**
 * List totals kept across writes of columns their filters do not read (`counts` in core/crud/reads.ts, told an
 * UPDATE's columns by the write capture and, between processes on PostgreSQL, by NOTIFY): a product's "new" flag
 * switched leaves the total of published products kept; every write a filter reads makes it count again, so every
 * total stays exact, here and on another process on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { tables } from '../../generated/database';
import { writeTx } from '../../src/server/core/crud/writes';
import { dialects, startServer, type TestServer } from './helpers';

/** The product list's filters the batch routes below switch (each a column of its own). */
const FILTERS = ['publishStatus', 'newStatus', 'recommandStatus', 'verifyStatus'] as const;
/** A batch route per filter, by the parameter it takes. */
const ROUTES: Record<(typeof FILTERS)[number], string> = {
  publishStatus: 'publishStatus',
  newStatus: 'newStatus',
  recommandStatus: 'recommendStatus',
  verifyStatus: 'verifyStatus',
};

describe.each(dialects)('list totals kept across writes of other columns (%s)', (dialect) => {
  let one: TestServer;
  let two: TestServer;
  let admin: string;
  let adminTwo: string;

  beforeAll(async () => {
    one = await startServer({ dialect, config: { metricsToken: 'm' } });
    two = await startServer({
      dialect,
      config: { databaseUrl: one.config.databaseUrl, sqliteFile: one.config.sqliteFile, metricsToken: 'm' },
    });
    admin = await one.login('admin', 'admin123');
    adminTwo = await two.login('admin', 'admin123');
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const token = (s: TestServer) => (s === one ? admin : adminTwo);
  /** The total of one row per page: counted (or kept). */
  const total = async (s: TestServer, query: Record<string, unknown>) =>
    (await s.api('GET', '/product/list', undefined, { token: token(s), query: { ...query, pageSize: 1 } })).data
      .total as number;
  /** The same total from every matching row (a page holding them all is not counted). */
  const rows = async (s: TestServer, query: Record<string, unknown>) => {
    const page = (
      await s.api('GET', '/product/list', undefined, { token: token(s), query: { ...query, pageSize: 1000 } })
    ).data;
    expect(page.list.length).toBeLessThan(1000);
    return page.list as { id: number; publishStatus: number; newStatus: number }[];
  };
  const countHits = async (s: TestServer) => {
    const text = await (await fetch(`${s.base}/metrics`, { headers: { authorization: 'Bearer m' } })).text();
    return Number(/cache_lookups_total\{[^}]*cache="list_counts"[^}]*result="hit"[^}]*\} (\d+)/.exec(text)?.[1] ?? 0);
  };
  const batch = async (route: string, id: number, value: number) => {
    const env = await one.api('POST', `/product/update/${route}`, undefined, {
      token: admin,
      query: { ids: id, [route]: value, detail: 'count cache' },
    });
    expect(env.code, env.message).toBe(200);
  };

  it('keeps the published total across a switch of the new flag, and counts again after a publish switch', async () => {
    const published = { publishStatus: 1 };
    const before = await total(one, published);
    expect(before).toBe((await rows(one, published)).length);
    const product = (await rows(one, published))[0]!;
    await total(one, published);
    const hits = await countHits(one);
    await batch('newStatus', product.id, product.newStatus ? 0 : 1);
    expect(await total(one, published)).toBe(before);
    // Kept: answered from memory, not counted again.
    expect(await countHits(one)).toBe(hits + 1);
    await batch('publishStatus', product.id, 0);
    expect(await total(one, published)).toBe(before - 1);
    expect(await countHits(one)).toBe(hits + 1);
    await batch('publishStatus', product.id, 1);
    expect(await total(one, published)).toBe(before);
  });

  it('keeps it on another process too where it hears the columns (PostgreSQL), exact on both', async () => {
    const published = { publishStatus: 1 };
    const before = await total(two, published);
    const product = (await rows(two, published))[0]!;
    await total(two, published);
    const hits = await countHits(two);
    await batch('newStatus', product.id, product.newStatus ? 0 : 1);
    expect(await total(two, published)).toBe(before);
    // SQLite's other processes hear only that the file changed: they count again.
    expect(await countHits(two)).toBe(hits + (dialect === 'postgres' ? 1 : 0));
    await batch('publishStatus', product.id, 0);
    expect(await total(two, published)).toBe(before - 1);
    await batch('publishStatus', product.id, 1);
    expect(await total(two, published)).toBe(before);
  });

  it('keeps every filtered total exact, on both processes, whichever column a batch route switches', async () => {
    const queries = FILTERS.flatMap((f) => [0, 1].map((v) => ({ [f]: v })));
    queries.push({}, { publishStatus: 1, newStatus: 1 }, { deleteStatus: 1 });
    const [a, b] = (await rows(one, {})).slice(0, 2);
    for (const [filter, route] of Object.entries(ROUTES)) {
      for (const [id, value] of [
        [a!.id, 1],
        [b!.id, 0],
        [a!.id, 0],
      ]) {
        // Kept on both first, then switched through one.
        for (const s of [one, two]) for (const q of queries) await total(s, q);
        await batch(route, id, value);
        for (const s of [one, two])
          for (const q of queries)
            expect(await total(s, q), `${filter}=${value} on ${s === one ? 'one' : 'two'}: ${JSON.stringify(q)}`).toBe(
              (await rows(s, q)).length,
            );
      }
    }
    // The recycle bin (every list reads deleteStatus) and back.
    for (const value of [1, 0]) {
      for (const s of [one, two]) for (const q of queries) await total(s, q);
      await batch('deleteStatus', a!.id, value);
      for (const s of [one, two]) for (const q of queries) expect(await total(s, q)).toBe((await rows(s, q)).length);
    }
  });

  it('drops a total whole when a transaction also wrote through raw SQL, which tells no columns', async () => {
    const published = { publishStatus: 1 };
    const before = await total(one, published);
    const product = (await rows(one, published))[0]!;
    await total(one, published);
    await writeTx(one.built.db, [tables.product], async (trx) => {
      await trx.updateTable(tables.product).set({ new_status: 1 }).where('id', '=', product.id).execute();
      await sql`UPDATE ${sql.table(tables.product)} SET publish_status = 0 WHERE id = ${product.id}`.execute(trx);
    });
    expect(await total(one, published)).toBe(before - 1);
    await batch('publishStatus', product.id, 1);
    expect(await total(one, published)).toBe(before);
  });
});
