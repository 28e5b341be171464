import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';
import { makeFixture, productBody, type Call, type Fixture } from './catalog-fixtures';

describe.each(dialects)('product category API on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let f: Fixture;
  const call: Call = (method, path, body, opts = {}) => s.api(method, path, body, { token, ...opts });
  const get = async (id: number) => (await call('GET', `/productCategory/${id}`)).data;
  const create = (body: Record<string, unknown>) => call('POST', '/productCategory/create', body);
  const attrInfo = async (id: number) => (await call('GET', `/productAttribute/attrInfo/${id}`)).data;

  beforeAll(async () => {
    // A metrics token: the server then hands each statement it runs to `db.onQuery`, which a test may watch.
    s = await startServer({ dialect, config: { metricsToken: 'category-test' } });
    token = await s.login('admin', 'admin123');
    f = await makeFixture(call, 'C');
  });
  afterAll(async () => s?.close());

  it('reads the records a child list names in one query, however many items it has', async () => {
    const statements: string[] = [];
    const db = s.built.db;
    const was = db.onQuery;
    db.onQuery = (text, ms) => {
      statements.push(text);
      was?.(text, ms);
    };
    const made = await create({
      name: 'Three filters',
      parentId: f.topId,
      productAttributeIdList: [f.material, f.color, f.size],
    }).finally(() => (db.onQuery = was));
    expect(made.code).toBe(200);
    const attributeReads = statements.filter((t) => /^select .* from "pms_product_attribute" where/i.test(t));
    expect(attributeReads).toHaveLength(1);
  });

  it('seeds two levels (~9 top, ~35 children) and lists them per parent, paged, and as a tree', async () => {
    const tops = await call('GET', '/productCategory/list/0', undefined, { query: { pageSize: 100 } });
    expect(tops.code).toBe(200);
    const seeded = tops.data.list.filter((c: any) => !c.name.startsWith('Top '));
    expect(seeded.length).toBe(9);
    expect(seeded.every((c: any) => c.level === 0 && c.parentId === 0)).toBe(true);
    const clothing = seeded.find((c: any) => c.name === 'Clothing');
    const kids = await call('GET', `/productCategory/list/${clothing.id}`, undefined, {
      query: { pageNum: 1, pageSize: 2 },
    });
    expect(kids.data).toMatchObject({ pageNum: 1, pageSize: 2, total: 5 });
    expect(kids.data.list.every((c: any) => c.level === 1 && c.parentId === clothing.id)).toBe(true);
    const tree = (await call('GET', '/productCategory/list/withChildren')).data;
    expect(tree.reduce((n: number, t: any) => n + t.children.length, 0)).toBeGreaterThanOrEqual(35);
    expect(tree.find((t: any) => t.id === clothing.id).children).toHaveLength(5);
    // A top category counts its sub-categories' products (the issue changed this from 0).
    const all = (await call('GET', `/productCategory/list/${clothing.id}`, undefined, { query: { pageSize: 100 } }))
      .data.list;
    expect(clothing.productCount).toBe(all.reduce((n: number, c: any) => n + c.productCount, 0));
    expect(kids.data.list[0].productCount).toBeGreaterThan(0);
    expect((await call('GET', '/productCategory/list/abc')).code).toBe(404);
  });

  it('creates and updates with up to three filter attributes; level follows the parent', async () => {
    const made = await create({
      name: 'Gadgets',
      parentId: f.topId,
      productUnit: 'pc',
      navStatus: 1,
      showStatus: 1,
      sort: 3,
      icon: '/demo/phones-1.png',
      keywords: 'k',
      description: 'd',
      productAttributeIdList: [f.material, f.color],
    });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({
      name: 'Gadgets',
      level: 1,
      parentId: f.topId,
      productUnit: 'pc',
      navStatus: 1,
      productAttributeIdList: [f.material, f.color],
    });
    expect(await attrInfo(made.data.id)).toEqual([
      { attributeId: f.material, attributeCategoryId: f.typeId },
      { attributeId: f.color, attributeCategoryId: f.typeId },
    ]);
    const up = await call('POST', `/productCategory/update/${made.data.id}`, {
      parentId: 0,
      productAttributeIdList: [f.size],
    });
    expect(up.data).toMatchObject({ level: 0, parentId: 0, name: 'Gadgets', productAttributeIdList: [f.size] });
    expect(await attrInfo(made.data.id)).toEqual([{ attributeId: f.size, attributeCategoryId: f.typeId }]);
    // The generic read carries them, as sent (a comma list too); an update without the list keeps it.
    await call('POST', `/productCategory/update/${made.data.id}`, {
      productAttributeIdList: `${f.color},${f.material}`,
    });
    await call('POST', `/productCategory/update/${made.data.id}`, { sort: 4 });
    const read = await call('GET', `/productCategory/${made.data.id}`);
    expect(read.data).toMatchObject({ sort: 4, productAttributeIdList: [f.color, f.material] });
  });

  it('refuses bad input and stores nothing', async () => {
    const count = async () => (await call('GET', `/productCategory/list/${f.topId}`)).data.total;
    const before = await count();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'x', parentId: f.topId }, 'Validation Failed: name: Length must be between 2 and 140 characters'],
      [
        { name: 'Four', parentId: f.topId, productAttributeIdList: [f.color, f.size, f.material, f.color + 1000] },
        'Validation Failed: productAttributeIdList: At most 3 items may be added',
      ],
      [
        { name: 'Ghost attr', parentId: f.topId, productAttributeIdList: [999999] },
        'Validation Failed: productAttributeIdList: does not exist',
      ],
      [
        { name: 'Not ids', parentId: f.topId, productAttributeIdList: [{ id: f.color }] },
        'Validation Failed: productAttributeIdList: must be a positive integer',
      ],
      [{ name: 'Too deep', parentId: f.leafId }, 'Validation Failed: parentId: Categories have two levels only'],
      [{ name: 'No parent', parentId: 999999 }, 'Validation Failed: parentId: does not exist'],
      [{ name: 'Bad nav', parentId: f.topId, navStatus: 3 }, 'Validation Failed: navStatus: must be one of 0, 1'],
    ];
    for (const [body, message] of bad) expect((await create(body)).message).toBe(message);
    expect(await count()).toBe(before);
    expect((await call('POST', `/productCategory/update/${f.topId}`, { parentId: f.topId })).message).toBe(
      'Validation Failed: parentId: A category cannot be its own parent',
    );
    const other = (await create({ name: 'Another top', parentId: 0 })).data;
    expect((await call('POST', `/productCategory/update/${f.topId}`, { parentId: other.id })).message).toBe(
      'Validation Failed: parentId: Categories have two levels only',
    );
    expect((await get(f.topId)).level).toBe(0);
  });

  it('switches nav/show status in batch (form body)', async () => {
    const env = await call(
      'POST',
      '/productCategory/update/navStatus',
      { ids: `${f.leafId},${f.otherLeafId}`, navStatus: '1' },
      { form: true },
    );
    expect(env).toMatchObject({ code: 200, data: 2 });
    expect(
      await call(
        'POST',
        '/productCategory/update/showStatus',
        { ids: String(f.leafId), showStatus: '0' },
        { form: true },
      ),
    ).toMatchObject({ data: 1 });
    expect(await get(f.leafId)).toMatchObject({ navStatus: 1, showStatus: 0 });
  });

  it('moving a sub-category with products to another top category moves its count between the two totals', async () => {
    const tops = (await call('GET', '/productCategory/list/0', undefined, { query: { pageSize: 100 } })).data.list;
    const from = tops.find((c: any) => c.name === 'Clothing');
    const to = tops.find((c: any) => c.id !== from.id && !c.name.startsWith('Top '));
    const kids = (await call('GET', `/productCategory/list/${from.id}`, undefined, { query: { pageSize: 100 } })).data
      .list;
    const moved = kids.find((c: any) => c.productCount > 0);
    expect((await call('POST', `/productCategory/update/${moved.id}`, { parentId: to.id })).code).toBe(200);
    expect((await get(from.id)).productCount).toBe(from.productCount - moved.productCount);
    expect((await get(to.id)).productCount).toBe(to.productCount + moved.productCount);
    expect((await call('POST', `/productCategory/update/${moved.id}`, { parentId: from.id })).code).toBe(200);
    expect((await get(from.id)).productCount).toBe(from.productCount);
  });

  it('renaming copies the name onto its products', async () => {
    const p = (await call('POST', '/product/create', productBody(f, { productCategoryId: f.otherLeafId }))).data;
    await call('POST', `/productCategory/update/${f.otherLeafId}`, { name: 'Renamed leaf' });
    expect((await call('GET', `/product/updateInfo/${p.id}`)).data.productCategoryName).toBe('Renamed leaf');
  });

  it('refuses to delete a category with children or products; deletes an empty one on every path', async () => {
    expect((await call('POST', `/productCategory/delete/${f.topId}`)).message).toBe(
      'The category has sub-categories; delete or move them first',
    );
    const p = (await call('POST', '/product/create', productBody(f))).data;
    expect((await call('POST', `/productCategory/delete/${f.leafId}`)).message).toBe(
      'The category has products; move them to another category first',
    );
    expect((await call('POST', '/productCategory/delete/batch', { ids: String(f.leafId) }, { form: true })).code).toBe(
      404,
    );
    expect((await get(f.leafId)).name).toBe('Leaf C');
    // Even recycled products keep their category.
    await call('POST', '/product/update/deleteStatus', undefined, { query: { ids: p.id, deleteStatus: 1 } });
    expect((await call('POST', `/productCategory/delete/${f.leafId}`)).code).toBe(404);
    const empty = (await create({ name: 'Empty one', parentId: f.topId, productAttributeIdList: [f.color] })).data;
    expect(await call('POST', `/productCategory/delete/${empty.id}`)).toMatchObject({ code: 200, data: 1 });
    expect((await call('GET', `/productCategory/${empty.id}`)).code).toBe(404);
    expect(await attrInfo(empty.id)).toEqual([]);
    expect((await call('POST', `/productCategory/delete/${empty.id}`)).code).toBe(404);
  });

  it('takes an update with nothing to change (an empty body) and changes nothing', async () => {
    const before = await get(f.leafId);
    const res = await call('POST', `/productCategory/update/${f.leafId}`, {});
    expect(res.code).toBe(200);
    expect(await get(f.leafId)).toEqual(before);
    // The level follows the parent, never the body.
    expect((await call('POST', `/productCategory/update/${f.topId}`, { level: 1 })).code).toBe(200);
    expect((await get(f.topId)).level).toBe(0);
    const attr = (await call('GET', `/productAttribute/${f.color}`)).data;
    expect((await call('POST', `/productAttribute/update/${f.color}`, {})).code).toBe(200);
    expect((await call('GET', `/productAttribute/${f.color}`)).data).toEqual(attr);
  });
});
