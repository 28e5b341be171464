/**
 * Input as an attacker sends it: every reply under the API base is the envelope (long ids, broken escapes, huge
 * URLs), text is trimmed and checked (spaces, zero-width characters, NULs), integers stay integers, ids are ids, and
 * lists have a documented limit; whatever is refused stores nothing.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_ITEMS } from '../../src/shared/constants';
import { Messages } from '../../src/shared/messages';
import { insertRows } from '../../src/server/core/crud';
import { dialects, startServer, type TestServer } from './helpers';

/** A raw request: the path exactly as written (fetch would re-encode it), the reply as text. */
function raw(base: string, method: string, path: string, token: string, body?: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${path}`,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(dialects)('hostile input on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const brands = async () =>
    (await s.api('GET', '/brand/list', undefined, { token, query: { pageSize: 1 } })).data.total;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('answers the envelope for a long id, a broken escape and a URL past 16 KB', async () => {
    const long = JSON.parse(await raw(s.base, 'GET', `/brand/${'1'.repeat(150)}`, token));
    expect(long).toMatchObject({ code: 404, message: 'Validation Failed: id: must be a positive integer' });
    expect(JSON.parse(await raw(s.base, 'GET', '/brand/%E0%A4%A', token))).toMatchObject({
      code: 404,
      message: Messages.badUrl,
    });
    const huge = JSON.parse(await raw(s.base, 'GET', `/brand/list?keyword=${'a'.repeat(17_000)}`, token));
    expect(huge).toMatchObject({ code: 404, message: Messages.requestTooLarge });
  });

  it('refuses what is not an id, whatever the route', async () => {
    const before = await brands();
    for (const path of ['/brand/%20%201', '/brand/1%20', '/brand/01', '/brand/1e2', '/brand/9007199254740993'])
      expect(JSON.parse(await raw(s.base, 'GET', path, token)).message, path).toBe(
        'Validation Failed: id: must be a positive integer',
      );
    const update = JSON.parse(await raw(s.base, 'POST', '/brand/update/%20%201', token, '{"name":"Changed"}'));
    expect(update.code).toBe(404);
    expect((await s.api('GET', '/brand/1', undefined, { token })).data.name).not.toBe('Changed');
    expect(await brands()).toBe(before);
  });

  it('trims names and refuses ones of only spaces, zero-width characters or NULs', async () => {
    const before = await brands();
    for (const name of ['    ', '\u200B\u200B\u200B', ' \u200B \uFEFF '])
      expect((await s.api('POST', '/brand/create', { name }, { token })).message, JSON.stringify(name)).toBe(
        'Validation Failed: name: is required',
      );
    expect((await s.api('POST', '/brand/create', { name: 'Ap\u0000ple' }, { token })).message).toBe(
      'Validation Failed: name: must not contain NUL characters',
    );
    expect((await s.api('POST', '/brand/create', { name: 'Ap\u0007ple' }, { token })).message).toBe(
      'Validation Failed: name: must not contain control characters',
    );
    expect(await brands()).toBe(before);
    const made = await s.api('POST', '/brand/create', { name: '\u200B  Trimmed Brand \u00A0' }, { token });
    expect(made.data.name).toBe('Trimmed Brand');
    expect((await s.api('GET', '/brand/list', undefined, { token, query: { keyword: '\u0000' } })).code).toBe(404);
  });

  it('keeps integers integers', async () => {
    const before = await brands();
    for (const sort of ['1e20', '9007199254740993', '1.5']) {
      const env = JSON.parse(await raw(s.base, 'POST', '/brand/create', token, `{"name":"Sorted","sort":${sort}}`));
      expect(env.code, sort).toBe(404);
      expect(env.message, sort).toMatch(/^Validation Failed: sort: /);
    }
    expect(await brands()).toBe(before);
  });

  it('refuses lists past the limit with a clear message, and writes big lists in statements SQL accepts', async () => {
    const ids = Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => i + 1).join(',');
    expect((await s.api('POST', '/brand/delete/batch', undefined, { token, query: { ids } })).message).toBe(
      `Validation Failed: ids: ${Messages.listTooLong}`,
    );
    const product = (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 1 } })).data.list[0];
    const skus = Array.from({ length: 10_000 }, (_, i) => ({ skuCode: `S${i}`, price: 1, stock: 1 }));
    const env = await s.api('POST', `/sku/update/${product.id}`, skus, { token });
    expect(env.message).toBe(`Validation Failed: body: ${Messages.listTooLong}`);
    // 5,000 rows of 8 columns: 40,000 values, past SQLite's 32,766 per statement.
    const k = s.built.db.kysely;
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: `Bulk ${i}`,
      first_letter: 'B',
      sort: i,
      factory_status: 0,
      show_status: 0,
      product_count: 0,
      product_comment_count: 0,
      logo: null,
    }));
    await k.transaction().execute(async (trx) => {
      await insertRows(trx, 'pms_brand', rows);
      const n = await trx
        .selectFrom('pms_brand')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(Number(n!.n)).toBeGreaterThanOrEqual(5000);
      await trx.deleteFrom('pms_brand').where('name', 'like', 'Bulk %').execute();
    });
  });
});
