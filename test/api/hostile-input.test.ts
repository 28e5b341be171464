/**
 * Input as an attacker sends it: every reply under the API base is the envelope (long ids, broken escapes, huge
 * URLs), text is trimmed and checked (spaces, zero-width characters, NULs), integers stay integers, ids are ids, and
 * lists have a documented limit; whatever is refused stores nothing.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus } from '../../generated/enums';
import { MAX_LIST_ITEMS, UPLOAD_MAX_BYTES } from '../../src/shared/constants';
import { BODY_LIMIT, IMPORT_LIMIT } from '../../src/server/core/body';
import { Messages } from '../../src/shared/messages';
import { insertRows } from '../../src/server/core/crud';
import { dialects, startServer, type TestServer } from './helpers';

/** A POST of `body` as `type`, answered as the envelope. */
async function send(base: string, token: string, path: string, type: string | undefined, body: BodyInit) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
    body,
  });
  expect(res.status).toBe(200);
  return res.json();
}

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

  it('imports a CSV of several MB now and as a job, its bytes never taken for fields or parameters', async () => {
    const p = (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 1 } })).data.list[0];
    const html = `<p>${'x'.repeat(190_000)}</p>`;
    const file = (name: string) =>
      [
        'name,subTitle,description,productCategoryId,brandId,shopId,price,detailHtml',
        ...Array.from(
          { length: 20 },
          (_, i) => `${name} ${i},s,d,${p.productCategoryId},${p.brandId},${p.shopId},9.9,${html}`,
        ),
      ].join('\n');
    const count = async (keyword: string) =>
      (await s.api('GET', '/product/list', undefined, { token, query: { keyword, pageSize: 1 } })).data.total;
    expect(file('Big import').length).toBeGreaterThan(3_500_000);
    const now = await send(s.base, token, '/product/import', 'text/csv', file('Big import'));
    expect(now, JSON.stringify(now).slice(0, 300)).toMatchObject({ code: 200, data: { imported: 20, refused: [] } });
    expect(await count('Big import')).toBe(20);
    const queued = await send(s.base, token, '/product/import/job', 'text/csv', file('Big job'));
    expect(queued.code, queued.message).toBe(200);
    let job = queued.data;
    while (job.status === JobStatus.queued || job.status === JobStatus.running) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await s.api('GET', `/job/${queued.data.id}`, undefined, { token })).data;
    }
    expect(job, JSON.stringify(job).slice(0, 300)).toMatchObject({ status: JobStatus.done, result: { imported: 20 } });
    expect(await count('Big job')).toBe(20);
    // The rows' audit entries (the job's under its own call) hold the products' fields, not the file's bytes.
    const audit = (
      await s.api('GET', '/auditLog/list', undefined, { token, query: { entity: 'product', pageSize: 40 } })
    ).data.list.filter((e: { path: string }) => /\/api\/product\/import$|\/job\/\d+$/.test(e.path));
    expect(audit.length).toBe(40);
    for (const e of audit) expect(Object.keys(JSON.parse(e.changes))).not.toContain('0');
  });

  it('refuses a file with a NUL byte as a text with one, storing nothing', async () => {
    const before = (await s.api('GET', '/member/list', undefined, { token, query: { pageSize: 1 } })).data.total;
    const shop = (await s.api('GET', '/shop/list', undefined, { token })).data.list[0].id;
    const file = Buffer.from(`username,shopId\nnul.member\u0000,${shop}\n`);
    for (const path of ['/member/import', '/member/import/job'])
      expect(await send(s.base, token, path, 'text/csv', file), path).toMatchObject({
        code: 404,
        message: 'Validation Failed: body: must not contain NUL characters',
      });
    expect((await s.api('GET', '/member/list', undefined, { token, query: { pageSize: 1 } })).data.total).toBe(before);
  });

  it('answers a body past its limit in the envelope, whatever its type, storing nothing', async () => {
    const before = await brands();
    const tooBig = Messages.bodyTooLarge;
    const name = 'x'.repeat(BODY_LIMIT);
    const bodies: [string, string, string | undefined, BodyInit][] = [
      ['JSON object', '/brand/create', 'application/json', JSON.stringify({ name })],
      ['JSON list', '/brand/create', 'application/json', JSON.stringify(Array(BODY_LIMIT / 2).fill(1))],
      ['JSON text', '/brand/create', 'application/json', JSON.stringify(name)],
      ['form', '/brand/create', 'application/x-www-form-urlencoded', `name=${name}`],
      [
        'form of many fields',
        '/brand/create',
        'application/x-www-form-urlencoded',
        `${'a=1&'.repeat(BODY_LIMIT / 4)}a=1`,
      ],
      ['CSV', '/product/import', 'text/csv', `name\n${'x'.repeat(IMPORT_LIMIT)}`],
    ];
    for (const [what, path, type, body] of bodies)
      expect(await send(s.base, token, path, type, body), what).toMatchObject({ code: 404, message: tooBig });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(UPLOAD_MAX_BYTES + 1)], { type: 'image/png' }), 'big.png');
    expect(await send(s.base, token, '/minio/upload', undefined, form)).toMatchObject({
      code: 404,
      message: `Validation Failed: file: ${Messages.uploadTooLarge}`,
    });
    expect(await brands()).toBe(before);
  });

  it('answers a body just under its limit, whatever its type, in the envelope', async () => {
    const before = await brands();
    const under = BODY_LIMIT - 1024;
    const bodies: [string, string, BodyInit][] = [
      ['application/json', '/brand/create', JSON.stringify({ name: 'x'.repeat(under) })],
      ['application/json', '/brand/create', JSON.stringify(Array(under / 2).fill(1))],
      ['application/json', '/brand/update/showStatus', JSON.stringify(Array(under / 2).fill(1))],
      [
        'application/json',
        '/brand/create',
        JSON.stringify(Object.fromEntries(Array.from({ length: under / 12 }, (_, i) => [`f${i}`, 1]))),
      ],
      ['application/x-www-form-urlencoded', '/brand/create', 'a=1&'.repeat(under / 4)],
      ['application/x-www-form-urlencoded', '/brand/update/showStatus', `ids=${'1,'.repeat(under / 2)}`],
    ];
    for (const [type, path, body] of bodies) {
      const env = await send(s.base, token, path, type, body);
      expect(env.code, `${type} ${path}: ${env.message}`).toBe(404);
      expect(env.message).toMatch(/^Validation Failed: /);
    }
    expect(await brands()).toBe(before);
  });
});
