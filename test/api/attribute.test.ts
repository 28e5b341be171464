import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';
import { makeFixture, productBody, type Call } from './catalog-fixtures';

describe.each(dialects)('product type and attribute API on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const call: Call = (method, path, body, opts = {}) => s.api(method, path, body, { token, ...opts });
  const type = async (id: number) => (await call('GET', `/productAttribute/category/${id}`)).data;
  const newType = async (name: string) =>
    (await call('POST', '/productAttribute/category/create', { name }, { form: true })).data;
  const attr = (body: Record<string, unknown>) => call('POST', '/productAttribute/create', body);

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('seeds product types with spec and param attributes and lists them upstream-style', async () => {
    const types = await call('GET', '/productAttribute/category/list', undefined, { query: { pageSize: 100 } });
    expect(types.code).toBe(200);
    const clothing = types.data.list.find((t: any) => t.name === 'Clothing');
    expect(clothing).toMatchObject({ attributeCount: 2, paramCount: 3 });
    const specs = await call('GET', `/productAttribute/list/${clothing.id}`, undefined, {
      query: { type: 0, pageSize: 10 },
    });
    expect(specs.data.list.map((a: any) => a.name)).toEqual(['Color', 'Size']);
    expect(specs.data.list[0]).toMatchObject({
      type: 0,
      inputType: 1,
      filterType: 1,
      handAddStatus: 1,
      inputList: expect.stringContaining('Black'),
    });
    const params = await call('GET', `/productAttribute/list/${clothing.id}`, undefined, { query: { type: 1 } });
    expect(params.data.list.map((a: any) => a.name)).toEqual(['Material', 'Fit', 'Season']);
    const withAttr = (await call('GET', '/productAttribute/category/list/withAttr')).data;
    expect(withAttr.find((t: any) => t.id === clothing.id).productAttributeList.map((a: any) => a.name)).toEqual([
      'Material',
      'Fit',
      'Season',
    ]);
  });

  it('creates, renames (form) and reads a type; counts follow its attributes', async () => {
    const t = await newType('Gizmos');
    expect(t).toMatchObject({ name: 'Gizmos', attributeCount: 0, paramCount: 0 });
    expect(
      await call('POST', `/productAttribute/category/update/${t.id}`, { name: 'Gizmo kit' }, { form: true }),
    ).toMatchObject({ code: 200 });
    const a = (
      await attr({
        productAttributeCategoryId: t.id,
        name: 'Colour',
        type: 0,
        inputType: 1,
        inputList: 'Red,Blue',
        selectType: 2,
        filterType: 1,
        searchType: 1,
        relatedStatus: 1,
        handAddStatus: 1,
        sort: 5,
      })
    ).data;
    expect(a).toMatchObject({
      name: 'Colour',
      type: 0,
      selectType: 2,
      filterType: 1,
      searchType: 1,
      relatedStatus: 1,
      handAddStatus: 1,
      sort: 5,
    });
    const b = (await attr({ productAttributeCategoryId: t.id, name: 'Weight', type: 1 })).data;
    expect(await type(t.id)).toMatchObject({ name: 'Gizmo kit', attributeCount: 1, paramCount: 1 });
    // Turning the spec into a param moves the counts.
    await call('POST', `/productAttribute/update/${a.id}`, { type: 1 });
    expect(await type(t.id)).toMatchObject({ attributeCount: 0, paramCount: 2 });
    expect((await call('GET', `/productAttribute/${b.id}`)).data.name).toBe('Weight');
    expect(await call('POST', '/productAttribute/delete', { ids: `${a.id},${b.id}` }, { form: true })).toMatchObject({
      code: 200,
      data: 2,
    });
    expect(await type(t.id)).toMatchObject({ attributeCount: 0, paramCount: 0 });
  });

  it('refuses bad attributes and stores nothing', async () => {
    const t = await newType('Strict');
    const bad: [Record<string, unknown>, string][] = [
      [
        { productAttributeCategoryId: t.id, name: 'x' },
        'Validation Failed: name: Length must be between 2 and 140 characters',
      ],
      [{ name: 'No type' }, 'Validation Failed: productAttributeCategoryId: is required'],
      [
        { productAttributeCategoryId: 999999, name: 'Ghost' },
        'Validation Failed: productAttributeCategoryId: does not exist',
      ],
      [
        { productAttributeCategoryId: t.id, name: 'Listy', inputType: 1, inputList: 'a,,b' },
        'Validation Failed: inputList: Attribute values cannot be empty or repeated',
      ],
      [
        { productAttributeCategoryId: t.id, name: 'Listy', inputType: 1, inputList: 'a,b,a' },
        'Validation Failed: inputList: Attribute values cannot be empty or repeated',
      ],
      [
        { productAttributeCategoryId: t.id, name: 'Listy', inputType: 1 },
        'Validation Failed: inputList: Attribute values cannot be empty or repeated',
      ],
      [{ productAttributeCategoryId: t.id, name: 'Bad kind', type: 2 }, 'Validation Failed: type: must be one of 0, 1'],
      [
        { productAttributeCategoryId: t.id, name: 'Bad search', searchType: 3 },
        'Validation Failed: searchType: must be one of 0, 1, 2',
      ],
    ];
    for (const [body, message] of bad) expect((await attr(body)).message).toBe(message);
    expect((await call('GET', `/productAttribute/list/${t.id}`)).data.total).toBe(0);
    expect(await type(t.id)).toMatchObject({ attributeCount: 0, paramCount: 0 });
    expect((await call('POST', '/productAttribute/category/create', { name: 'x' }, { form: true })).code).toBe(404);
  });

  it('deletes a type with its attributes, unless products use it', async () => {
    const f = await makeFixture(call, 'A');
    const p = (await call('POST', '/product/create', productBody(f))).data;
    expect((await call('GET', `/productAttribute/category/delete/${f.typeId}`)).message).toBe(
      'The product type is used by products; change their type first',
    );
    expect((await call('GET', `/productAttribute/list/${f.typeId}`)).data.total).toBe(3);
    await call('POST', `/product/delete/${p.id}`);
    expect(await call('GET', `/productAttribute/category/delete/${f.typeId}`)).toMatchObject({ code: 200, data: 1 });
    expect((await call('GET', `/productAttribute/${f.color}`)).code).toBe(404);
    expect((await call('GET', `/productAttribute/category/${f.typeId}`)).code).toBe(404);
  });
});
