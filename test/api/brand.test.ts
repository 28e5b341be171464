import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

const NAME_LENGTH = 'Length must be between 2 and 140 characters';

describe.each(dialects)('brand API on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const call = (method: string, path: string, body?: unknown, opts: Parameters<TestServer['api']>[3] = {}) =>
    s.api(method, path, body, { token, ...opts });
  const list = (query: Record<string, string | number> = {}) => call('GET', '/brand/list', undefined, { query });
  const names = (env: { data: { list: { name: string }[] } }) => env.data.list.map((b) => b.name);
  const create = async (name: string, extra: object = {}) =>
    (await call('POST', '/brand/create', { name, ...extra })).data;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('lists the seeded brands with upstream paging defaults and the default sort', async () => {
    const env = await list();
    expect(env.code).toBe(200);
    expect(env.data).toMatchObject({ pageNum: 1, pageSize: 5, total: 30, totalPage: 6, totalExact: true });
    expect(names(env)).toEqual(['Apple', 'Samsung', 'Huawei', 'Xiaomi', 'Sony']);
    expect(Object.keys(env.data.list[0]).sort()).toEqual([
      'bigPic',
      'brandStory',
      'factoryStatus',
      'firstLetter',
      'id',
      'logo',
      'name',
      'productCommentCount',
      'productCount',
      'rowVersion',
      'showStatus',
      'sort',
    ]);
  });

  it('paginates', async () => {
    const env = await list({ pageNum: 3, pageSize: 12 });
    expect(env.data).toMatchObject({ pageNum: 3, pageSize: 12, total: 30, totalPage: 3 });
    expect(env.data.list).toHaveLength(6);
    expect((await list({ pageSize: 0 })).code).toBe(404);
    expect((await list({ pageSize: 5000 })).code).toBe(404);
  });

  it('searches by keyword (trigram and short), case-insensitively, on name and first letter', async () => {
    expect(names(await list({ keyword: 'sam' }))).toEqual(['Samsung']);
    expect(names(await list({ keyword: 'APPLE' }))).toEqual(['Apple']);
    expect(names(await list({ keyword: 'LG' }))).toEqual(['LG']);
    expect(names(await list({ keyword: 'ike' }))).toEqual(['Nike', 'IKEA']);
    expect((await list({ keyword: '"%_\'' })).data.total).toBe(0);
    expect((await list({ keyword: 'zz' })).data.list).toEqual([]);
  });

  it('filters, sorts and fetches by ids', async () => {
    expect(names(await list({ showStatus: 0 }))).toEqual(['Nestlé', 'Coca-Cola']);
    expect((await list({ factoryStatus: 1, pageSize: 100 })).data.total).toBe(11);
    expect(names(await list({ sort: 'name', order: 'asc', pageSize: 3 }))).toEqual(['Adidas', 'Apple', 'Asus']);
    expect(names(await list({ sort: 'sort', order: 'asc', pageSize: 2 }))).toEqual(["Levi's", 'Coca-Cola']);
    expect((await list({ sort: 'brandStory' })).message).toBe('Validation Failed: sort: cannot sort by brandStory');
    expect((await list({ order: 'sideways' })).code).toBe(404);
    expect((await list({ showStatus: 'x' })).code).toBe(404);
    const byIds = await list({ ids: '1,2,7,8,9,10' });
    expect(byIds.data.list.map((b: { id: number }) => b.id).sort((a: number, b: number) => a - b)).toEqual([
      1, 2, 7, 8, 9, 10,
    ]);
  });

  it('creates, reads and updates (partial, read-only fields ignored)', async () => {
    const made = await create('Acme', { firstLetter: 'A', sort: 5, productCount: 99, bogus: 1 });
    expect(made).toMatchObject({
      name: 'Acme',
      firstLetter: 'A',
      sort: 5,
      productCount: 0,
      showStatus: 1,
      factoryStatus: 0,
    });
    expect(made).not.toHaveProperty('bogus');
    expect((await call('GET', `/brand/${made.id}`)).data).toEqual(made);
    const upd = await call('POST', `/brand/update/${made.id}`, { brandStory: 'Cartoon supplies', productCount: 5 });
    expect(upd.data).toMatchObject({ name: 'Acme', brandStory: 'Cartoon supplies', productCount: 0 });
    expect((await call('POST', '/brand/update/999999', { name: 'Ghost' })).code).toBe(404);
    expect((await call('GET', '/brand/999999')).code).toBe(404);
    expect((await call('GET', '/brand/0')).code).toBe(404);
    expect((await call('GET', '/brand/-3')).code).toBe(404);
  });

  it('accepts form-encoded create bodies (coerced)', async () => {
    const env = await call('POST', '/brand/create', { name: 'Formy', sort: '7', showStatus: '0' }, { form: true });
    expect(env.data).toMatchObject({ name: 'Formy', sort: 7, showStatus: 0 });
  });

  it('validates: name too short is refused and nothing is stored', async () => {
    const before = (await list()).data.total;
    const env = await call('POST', '/brand/create', { name: 'a' });
    expect(env).toEqual({
      code: 404,
      message: `Validation Failed: name: ${NAME_LENGTH}`,
      data: { errors: { name: NAME_LENGTH } },
    });
    expect((await call('POST', '/brand/create', { sort: 1 })).message).toBe('Validation Failed: name: is required');
    expect((await call('POST', '/brand/create', { name: 'Okay', showStatus: 3 })).code).toBe(404);
    expect((await call('POST', '/brand/update/1', { name: 'x'.repeat(141) })).message).toContain(NAME_LENGTH);
    expect((await list()).data.total).toBe(before);
    expect((await call('GET', '/brand/1')).data.name).toBe('Apple');
  });

  it('batch-updates showStatus with a form body and factoryStatus with query params', async () => {
    const a = await create('Batch One');
    const b = await create('Batch Two');
    const ids = `${a.id},${b.id}`;
    const form = await call('POST', '/brand/update/showStatus', { ids, showStatus: '0' }, { form: true });
    expect(form).toMatchObject({ code: 200, data: 2 });
    const query = await call('POST', '/brand/update/factoryStatus', undefined, {
      query: { ids: [a.id, b.id], factoryStatus: 1 },
    });
    expect(query).toMatchObject({ code: 200, data: 2 });
    const json = await call('POST', '/brand/update/showStatus', { ids: [a.id], showStatus: 1 });
    expect(json.data).toBe(1);
    const got = await list({ ids });
    const byId = Object.fromEntries(got.data.list.map((r: { id: number }) => [r.id, r]));
    expect(byId[a.id]).toMatchObject({ showStatus: 1, factoryStatus: 1 });
    expect(byId[b.id]).toMatchObject({ showStatus: 0, factoryStatus: 1 });
    expect((await call('POST', '/brand/update/showStatus', { ids, showStatus: '9' }, { form: true })).code).toBe(404);
    expect((await call('POST', '/brand/update/showStatus', { showStatus: '1' }, { form: true })).code).toBe(404);
  });

  it('deletes through every upstream path; totals follow', async () => {
    const before = (await list()).data.total;
    const [a, b, c, d, e] = await Promise.all(['Del A', 'Del B', 'Del C', 'Del D', 'Del E'].map((n) => create(n)));
    expect((await list()).data.total).toBe(before + 5);
    expect(await call('GET', `/brand/delete/${a.id}`)).toMatchObject({ code: 200, data: 1 });
    expect(await call('POST', `/brand/delete/${b.id}`)).toMatchObject({ code: 200, data: 1 });
    expect(await call('POST', '/brand/delete/batch', { ids: `${c.id},${d.id}` }, { form: true })).toMatchObject({
      data: 2,
    });
    expect(await call('POST', '/brand/delete', undefined, { query: { ids: e.id } })).toMatchObject({ data: 1 });
    expect((await call('GET', `/brand/${a.id}`)).code).toBe(404);
    expect((await call('GET', `/brand/delete/${a.id}`)).code).toBe(404);
    expect((await list()).data.total).toBe(before);
  });

  it("drops the recommendations a brand's delete takes with it from their list totals", async () => {
    const homeTotal = async () =>
      (await call('GET', '/home/brand/list', undefined, { query: { pageSize: 1 } })).data.total as number;
    const brand = await create('Del Home');
    expect((await call('POST', '/home/brand/create', [{ brandId: brand.id }])).code).toBe(200);
    const before = await homeTotal(); // counted, and kept until a write to the recommendations
    expect(await call('POST', `/brand/delete/${brand.id}`)).toMatchObject({ code: 200, data: 1 });
    // The recommendation went with the brand (ON DELETE CASCADE): its total says so at once.
    expect(await homeTotal()).toBe(before - 1);
  });

  it('lists all brands', async () => {
    const env = await call('GET', '/brand/listAll');
    expect(env.code).toBe(200);
    expect(env.data.length).toBe((await list()).data.total);
  });

  it('keeps data across a restart', async () => {
    const made = await create('Persisted');
    await s.restart();
    token = await s.login('admin', 'admin123');
    expect((await call('GET', `/brand/${made.id}`)).data.name).toBe('Persisted');
    expect((await list({ keyword: 'persist' })).data.list.map((b: { id: number }) => b.id)).toEqual([made.id]);
    expect((await list()).data.total).toBeGreaterThan(30);
    // seeds ran once only
    expect((await call('GET', '/admin/list', undefined, { query: { keyword: 'admin' } })).data.total).toBe(1);
  });
  it('caps filtered totals at 10 000 (totalExact false) and keeps unfiltered totals exact', async () => {
    const k = s.built.db.kysely;
    for (let chunk = 0; chunk < 11; chunk++) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        name: `Bulk ${chunk}-${i}`,
        first_letter: 'B',
        show_status: 1,
      }));
      await k.insertInto('pms_brand').values(rows).execute();
    }
    const all = await list();
    expect(all.data.totalExact).toBe(true);
    expect(all.data.total).toBeGreaterThan(11_000);
    const filtered = await list({ showStatus: 1 });
    expect(filtered.data).toMatchObject({ total: 10_000, totalExact: false, totalPage: 2000 });
    const few = await list({ keyword: 'Bulk 3-99' });
    expect(few.data).toMatchObject({ totalExact: true });
    expect(few.data.total).toBe(11); // Bulk 3-99, Bulk 3-990 … Bulk 3-999
  });
});
