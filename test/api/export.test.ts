import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { entities } from '../../generated/entities';
import { exportable } from '../../src/shared/list-meta';
import { growOrders } from '../../src/server/domains/seed/orders-grow';
import { dialects, startServer, type TestServer } from './helpers';

const GROWN = 25_000;
const order = entities.order;
const statusZh = (v: unknown) => order.fields.find((f) => f.name === 'status')!.enumLabels![String(v)].zh;
const label = (field: string, lang: 'en' | 'zh') => order.fields.find((f) => f.name === field)!.label[lang];

/** Streamed CSV exports: exactly what the list's filters select, row by row, past 25 k rows (many of the stream's pages); UTF-8 with a BOM. */
describe.each(dialects)('CSV export on %s', (dialect) => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    await growOrders(s.built.db, GROWN, 5_000, () => undefined);
  }, 600_000);
  afterAll(async () => s?.close());

  const download = async (path: string, tok = token) => {
    const res = await fetch(`${s.base}${path}`, { headers: { authorization: `Bearer ${tok}` } });
    return res;
  };
  const rows = async (res: Response) => {
    const out: Record<string, string>[] = [];
    const parser = Readable.fromWeb(res.body as never).pipe(parse({ bom: true, columns: true }));
    for await (const r of parser) out.push(r);
    return out;
  };

  it('exports all 25 k+ orders, row by row, with Chinese headers and labels', async () => {
    const k = s.built.db.kysely;
    const want = await k
      .selectFrom(tables.order)
      .select(['id', 'order_sn', 'pay_amount', 'status'])
      .orderBy('id')
      .execute();
    expect(want.length).toBeGreaterThan(GROWN);
    const res = await download('/order/export?lang=zh');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="order-\d{8}\.csv"$/);
    const raw = new Uint8Array(await res.clone().arrayBuffer()).slice(0, 3);
    expect([...raw]).toEqual([0xef, 0xbb, 0xbf]); // the BOM
    const got = await rows(res);
    expect(got).toHaveLength(want.length);
    const [id, sn, pay, status] = ['id', 'orderSn', 'payAmount', 'status'].map((f) => label(f, 'zh'));
    got.forEach((r, i) => {
      const w = want[i];
      if (
        Number(r[id]) !== Number(w.id) ||
        r[sn] !== w.order_sn ||
        Number(r[pay]) !== Number(w.pay_amount) ||
        r[status] !== statusZh(w.status)
      )
        expect({ row: i, got: r }).toEqual({ row: i, want: w });
    });
  }, 300_000);

  it('follows the keyword, ranges and the seller’s shops; refuses a bad filter with the envelope', async () => {
    const seller = await s.login('seller', 'seller123');
    const mine = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list.map(
      (x: { id: number }) => x.id,
    );
    const sellerRows = await rows(await download('/order/export?status=1', seller));
    // A reference's column shows the shop's name; its id follows under the field's own name.
    const shop = 'shopId';
    expect(sellerRows.length).toBeGreaterThan(0);
    expect(sellerRows.every((r) => mine.includes(Number(r[shop])))).toBe(true);
    const listed = (await s.api('GET', '/order/list', undefined, { token: seller, query: { status: 1, pageSize: 1 } }))
      .data;
    expect(sellerRows).toHaveLength(listed.total);
    const bad = await download('/order/export?createTimeFrom=yesterday');
    expect(await bad.json()).toMatchObject({
      code: 404,
      message: 'Validation Failed: createTimeFrom: must be a date-time',
    });
    // Secrets never leave: a shop's PayPal secret is not a column.
    const shops = await rows(await download('/shop/export'));
    expect(Object.keys(shops[0])).not.toContain(entities.shop.fields.find((f) => f.secret)!.label.en);
  });
});

/** The class: every entity with screens answers its export, whatever serves its list (attributes: a domain's call). */
describe.each(dialects)('exports of every list on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('exports every list its schema lets export, as CSV with a header of its fields', async () => {
    const listed = Object.values(entities).filter(exportable);
    const answers = await Promise.all(
      listed.map(async (e) => {
        const res = await fetch(`${s.base}${e.path}/export`, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        return {
          entity: e.name,
          type: res.headers.get('content-type'),
          header: text.replace(/^\uFEFF/, '').split('\n')[0],
        };
      }),
    );
    expect(answers.filter((a) => a.type !== 'text/csv; charset=utf-8' || !a.header.includes('ID'))).toEqual([]);
  });
});
