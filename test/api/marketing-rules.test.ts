import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * Flash sales, coupons, homepage recommendations, adverts and news through the generic layer: every rule refused with
 * its message and nothing stored, upstream's list bodies and one-field calls, dates and times kept as written, the
 * references followed (same shop, names copied) and seller tenancy.
 */
describe.each(dialects)('marketing on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as =
    (who: string) =>
    (method: string, path: string, body?: unknown, query?: Record<string, string | number>, form?: boolean) =>
      s.api(method, path, body, { token: t[who], query, form });
  const admin = as('admin');
  const seller = as('seller');
  const seller2 = as('seller2');
  let mine: number; // a shop of seller's
  let theirs: number; // seller2's shop
  let product: { id: number; name: string; productSn: string; price: number; pic: string };
  let foreignProduct: { id: number };
  const total = async (path: string, query: Record<string, string | number> = {}) =>
    (await admin('GET', path, undefined, { ...query, pageSize: 1 })).data.total as number;

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
      ['operator', 'operator123'],
    ])
      t[u] = await s.login(u, p);
    mine = (await seller('GET', '/shop/list')).data.list[0].id;
    theirs = (await seller2('GET', '/shop/list')).data.list[0].id;
    product = (await admin('GET', '/product/list', undefined, { shopId: mine, pageSize: 1 })).data.list[0];
    foreignProduct = (await admin('GET', '/product/list', undefined, { shopId: theirs, pageSize: 1 })).data.list[0];
  });
  afterAll(async () => s?.close());

  const flash = (body: Record<string, unknown>) =>
    admin('POST', '/flash/create', {
      title: 'Weekend deals',
      startDate: '2026-12-05',
      endDate: '2026-12-07',
      shopId: mine,
      ...body,
    });

  it('flash promotions: title length, dates kept as written, end not before start, status switch, search', async () => {
    const before = await total('/flash/list');
    expect((await flash({ title: 'X' })).message).toBe(
      'Validation Failed: title: Length must be between 2 and 140 characters',
    );
    expect((await flash({ endDate: '2026-12-01' })).message).toBe(
      'Validation Failed: endDate: must not be before startDate',
    );
    expect((await flash({ startDate: 'soon' })).message).toMatch(/^Validation Failed: startDate: /);
    expect(await total('/flash/list')).toBe(before);
    // A picker's whole date-time keeps its date: no time zone moves it to the day before.
    const made = await flash({ startDate: '2026-11-27T16:00:00.000Z', endDate: '2026-11-30T00:00:00+08:00' });
    expect(made.data).toMatchObject({ startDate: '2026-11-27', endDate: '2026-11-30', status: 0, shopId: mine });
    expect((await admin('POST', `/flash/update/status/${made.data.id}`, undefined, { status: 1 })).data).toBe(1);
    expect((await admin('GET', `/flash/${made.data.id}`)).data.status).toBe(1);
    expect((await admin('POST', `/flash/update/status/${made.data.id}`, undefined, { status: 5 })).code).toBe(404);
    // An update moving the end before the stored start is refused too.
    expect((await admin('POST', `/flash/update/${made.data.id}`, { endDate: '2026-11-01' })).message).toBe(
      'Validation Failed: endDate: must not be before startDate',
    );
    const found = (await admin('GET', '/flash/list', undefined, { keyword: 'Weekend deals' })).data.list;
    expect(found.map((f: { id: number }) => f.id)).toContain(made.data.id);
  });

  it('flash sessions: times of day as written, end after start, upstream plain list, selectList counts', async () => {
    const made = await admin('POST', '/flashSession/create', {
      name: 'Early birds',
      startTime: '1970-01-01T06:30:00.000+08:00',
      endTime: '07:45',
    });
    expect(made.data).toMatchObject({ startTime: '06:30:00', endTime: '07:45:00', status: 1 });
    const n = (await admin('GET', '/flashSession/list')).data.length;
    expect(
      (await admin('POST', '/flashSession/create', { name: 'Backwards', startTime: '12:00', endTime: '11:00' }))
        .message,
    ).toBe('Validation Failed: endTime: must not be before startTime');
    expect(
      (await admin('POST', '/flashSession/create', { name: 'Bad', startTime: '25:00', endTime: '26:00' })).code,
    ).toBe(404);
    const list = (await admin('GET', '/flashSession/list')).data;
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(n);
    expect((await admin('GET', '/flashSession/list', undefined, { pageNum: 1, pageSize: 2 })).data.list).toHaveLength(
      2,
    );

    const promo = (await flash({ title: 'Session count test' })).data;
    const rows = [0, 1].map((i) => ({
      flashPromotionId: promo.id,
      flashPromotionSessionId: made.data.id,
      productId: i ? (foreignProduct.id as number) : product.id,
      flashPromotionPrice: 1.5,
      flashPromotionCount: 10,
      flashPromotionLimit: 1,
    }));
    // Another shop's product: the whole list is refused, naming the item.
    const before = await total('/flashProductRelation/list');
    expect((await admin('POST', '/flashProductRelation/create', rows)).message).toBe(
      'Validation Failed: [1].productId: belongs to another shop',
    );
    expect(await total('/flashProductRelation/list')).toBe(before);
    const ok = await admin('POST', '/flashProductRelation/create', [
      { ...rows[0], productName: 'Forged', shopId: theirs },
    ]);
    expect(ok.code).toBe(200);
    // Shop from the promotion, names copied from the product whatever the client sent.
    expect(ok.data[0]).toMatchObject({
      shopId: mine,
      productName: product.name,
      productSn: product.productSn,
      productPrice: product.price,
    });
    expect(
      (await admin('POST', '/flashProductRelation/create', { ...rows[0], flashPromotionLimit: 0 })).message,
    ).toMatch(/^Validation Failed: flashPromotionLimit: /);
    const counts = (await admin('GET', '/flashSession/selectList', undefined, { flashPromotionId: promo.id })).data;
    expect(counts.find((c: { id: number }) => c.id === made.data.id).productCount).toBe(1);
    // A disabled session is not offered.
    await admin('POST', `/flashSession/update/status/${made.data.id}`, undefined, { status: 0 });
    const after = (await admin('GET', '/flashSession/selectList', undefined, { flashPromotionId: promo.id })).data;
    expect(after.find((c: { id: number }) => c.id === made.data.id)).toBeUndefined();
    // Another shop's promotion does not exist for the seller.
    expect((await seller2('GET', '/flashSession/selectList', undefined, { flashPromotionId: promo.id })).message).toBe(
      'Validation Failed: flashPromotionId: does not exist',
    );
  });

  it('coupons: rules, child lists kept by use type, names copied, lists replaced, items named in errors', async () => {
    const base = {
      shopId: mine,
      type: 0,
      name: 'Ten off phones',
      platform: 0,
      count: 100,
      amount: 10,
      perLimit: 1,
      minPoint: 50,
      startTime: '2026-12-01T00:00:00Z',
      endTime: '2026-12-31T00:00:00Z',
      useType: 1,
    };
    const category = (await admin('GET', '/productCategory/list/withChildren')).data[0].children[0];
    const before = await total('/coupon/list');
    expect((await admin('POST', '/coupon/create', { ...base, amount: 0 })).message).toMatch(
      /^Validation Failed: amount: /,
    );
    expect((await admin('POST', '/coupon/create', { ...base, endTime: '2026-11-01T00:00:00Z' })).message).toBe(
      'Validation Failed: endTime: must not be before startTime',
    );
    expect(
      (await admin('POST', '/coupon/create', { ...base, productCategoryRelationList: [{ productCategoryId: 999999 }] }))
        .message,
    ).toBe('Validation Failed: productCategoryRelationList[0].productCategoryId: does not exist');
    expect(await total('/coupon/list')).toBe(before);

    const made = await admin('POST', '/coupon/create', {
      ...base,
      productCategoryRelationList: [{ productCategoryId: category.id, productCategoryName: 'Forged' }],
      productRelationList: [{ productId: product.id }],
    });
    expect(made.code, made.message).toBe(200);
    let got = (await admin('GET', `/coupon/${made.data.id}`)).data;
    expect(got.productCategoryRelationList).toMatchObject([
      { productCategoryId: category.id, productCategoryName: category.name },
    ]);
    // Use type 1 keeps categories only.
    expect(got.productRelationList).toEqual([]);
    // Switching to products: the categories go, the products are stored with their names.
    await admin('POST', `/coupon/update/${made.data.id}`, {
      useType: 2,
      productRelationList: [{ productId: product.id }],
    });
    got = (await admin('GET', `/coupon/${made.data.id}`)).data;
    expect(got.productCategoryRelationList).toEqual([]);
    expect(got.productRelationList).toMatchObject([
      { productId: product.id, productName: product.name, productSn: product.productSn },
    ]);
    // A partial update keeps the lists.
    await admin('POST', `/coupon/update/${made.data.id}`, { note: 'Only this month' });
    expect((await admin('GET', `/coupon/${made.data.id}`)).data.productRelationList).toHaveLength(1);
    // Another shop's product in a coupon: refused, the stored list unchanged.
    expect(
      (
        await admin('POST', `/coupon/update/${made.data.id}`, {
          productRelationList: [{ productId: foreignProduct.id }],
        })
      ).message,
    ).toBe('Validation Failed: productRelationList[0].productId: belongs to another shop');
    expect(
      (
        await seller('POST', `/coupon/update/${made.data.id}`, {
          productRelationList: [{ productId: foreignProduct.id }],
        })
      ).message,
    ).toBe('Validation Failed: productRelationList[0].productId: does not exist');
    expect((await admin('GET', `/coupon/${made.data.id}`)).data.productRelationList[0].productId).toBe(product.id);
    // Back to all products: both lists empty.
    await admin('POST', `/coupon/update/${made.data.id}`, { useType: 0 });
    got = (await admin('GET', `/coupon/${made.data.id}`)).data;
    expect([got.productRelationList, got.productCategoryRelationList]).toEqual([[], []]);
    // History filters.
    const history = (await admin('GET', '/couponHistory/list', undefined, { useStatus: 1, pageSize: 100 })).data.list;
    expect(history.every((h: { useStatus: number }) => h.useStatus === 1)).toBe(true);
    if (history.length) {
      const one = history[0];
      const bySn = (await admin('GET', '/couponHistory/list', undefined, { orderSn: one.orderSn })).data.list;
      expect(bySn.every((h: { orderSn: string }) => h.orderSn === one.orderSn)).toBe(true);
      const byCoupon = (await admin('GET', '/couponHistory/list', undefined, { couponId: one.couponId, pageSize: 100 }))
        .data.list;
      expect(byCoupon.every((h: { couponId: number }) => h.couponId === one.couponId)).toBe(true);
    }
    expect((await admin('POST', '/couponHistory/create', { couponId: made.data.id, memberId: 1 })).code).not.toBe(200);
  });

  it('homepage recommendations: list bodies, names copied, no duplicates, batch switch, sort by id, form deletes', async () => {
    const brands = (await admin('GET', '/brand/list', undefined, { pageSize: 100 })).data.list as {
      id: number;
      name: string;
    }[];
    const listed = new Set(
      (await admin('GET', '/home/brand/list', undefined, { pageSize: 100 })).data.list.map(
        (r: { brandId: number }) => r.brandId,
      ),
    );
    const fresh = brands.filter((b) => !listed.has(b.id)).slice(0, 3);
    const before = await total('/home/brand/list');
    expect(
      (await admin('POST', '/home/brand/create', [{ brandId: fresh[0].id }, { brandId: fresh[0].id }])).message,
    ).toBe('Validation Failed: [1].brandId: already exists');
    expect(
      (await admin('POST', '/home/brand/create', [{ brandId: fresh[0].id }, { brandId: [...listed][0] }])).message,
    ).toBe('Validation Failed: [1].brandId: already exists');
    expect((await admin('POST', '/home/brand/create', [{ brandId: 999999 }])).message).toBe(
      'Validation Failed: [0].brandId: does not exist',
    );
    expect((await admin('POST', '/home/brand/create', [])).code).toBe(404);
    expect(await total('/home/brand/list')).toBe(before);
    const made = await admin(
      'POST',
      '/home/brand/create',
      fresh.map((b) => ({ brandId: b.id, brandName: 'Forged' })),
    );
    expect(made.data.map((r: { brandName: string }) => r.brandName)).toEqual(fresh.map((b) => b.name));
    const ids = made.data.map((r: { id: number }) => r.id) as number[];
    // Batch switch (query, and form body as mall-admin-web sends it), sort by id, filters.
    expect(
      (await admin('POST', '/home/brand/update/recommendStatus', undefined, { ids: ids.join(','), recommendStatus: 0 }))
        .data,
    ).toBe(3);
    expect(
      (
        await admin(
          'POST',
          '/home/brand/update/recommendStatus',
          { ids: ids.slice(0, 1).join(','), recommendStatus: 1 },
          undefined,
          true,
        )
      ).data,
    ).toBe(1);
    expect((await admin('POST', `/home/brand/update/sort/${ids[1]}`, undefined, { sort: 77 })).data).toBe(1);
    expect((await admin('GET', `/home/brand/${ids[1]}`)).data).toMatchObject({ sort: 77, recommendStatus: 0 });
    const off = (await admin('GET', '/home/brand/list', undefined, { recommendStatus: 0, pageSize: 100 })).data.list;
    expect(off.every((r: { recommendStatus: number }) => r.recommendStatus === 0)).toBe(true);
    const named = (await admin('GET', '/home/brand/list', undefined, { brandName: fresh[2].name })).data.list;
    expect(named.map((r: { id: number }) => r.id)).toContain(ids[2]);
    expect((await admin('POST', '/home/brand/delete', { ids: ids.join(',') }, undefined, true)).data).toBe(3);
    expect(await total('/home/brand/list')).toBe(before);
    // Products and subjects the same way; sellers read, operators write.
    const subject = (await admin('GET', '/subject/list')).data.list[0];
    const subjects = (await admin('GET', '/home/recommendSubject/list', undefined, { pageSize: 100 })).data.list;
    const taken = subjects.some((r: { subjectId: number }) => r.subjectId === subject.id);
    const sub = await as('operator')('POST', '/home/recommendSubject/create', [{ subjectId: subject.id }]);
    if (taken) expect(sub.message).toBe('Validation Failed: [0].subjectId: already exists');
    else expect(sub.data[0].subjectName).toBe(subject.title);
    expect((await seller('GET', '/home/newProduct/list')).code).toBe(200);
    expect((await seller('POST', '/home/newProduct/create', [{ productId: product.id }])).code).toBe(403);
  });

  it('adverts: required fields and the 2–140 name, end after start, switch, form deletes, filters, tenancy', async () => {
    const ad = {
      name: 'Winter carousel',
      type: 1,
      pic: '/api/demo/x.png',
      startTime: '2026-12-01T08:00:00Z',
      endTime: '2026-12-31T22:00:00Z',
      url: 'https://shop.example.com/winter',
    };
    const before = await total('/home/advertise/list');
    for (const field of ['url', 'pic', 'startTime', 'endTime'] as const) {
      const { [field]: _gone, ...rest } = ad;
      expect((await seller('POST', '/home/advertise/create', { ...rest, shopId: mine })).message).toBe(
        `Validation Failed: ${field}: is required`,
      );
    }
    expect((await seller('POST', '/home/advertise/create', { ...ad, shopId: mine, name: 'A' })).message).toBe(
      'Validation Failed: name: Length must be between 2 and 140 characters',
    );
    expect((await seller('POST', '/home/advertise/create', { ...ad, shopId: mine, name: 'x'.repeat(141) })).code).toBe(
      404,
    );
    expect((await seller('POST', '/home/advertise/create', { ...ad, shopId: theirs })).message).toBe(
      'Validation Failed: shopId: is not one of your shops',
    );
    expect(await total('/home/advertise/list')).toBe(before);
    const made = (await seller('POST', '/home/advertise/create', { ...ad, shopId: mine })).data;
    expect(made).toMatchObject({ status: 0, clickCount: 0, shopId: mine, type: 1 });
    expect((await seller('POST', `/home/advertise/update/status/${made.id}`, undefined, { status: 1 })).data).toBe(1);
    // seller2 neither sees nor changes it.
    expect((await seller2('GET', `/home/advertise/${made.id}`)).message).toBe(Messages.notFound);
    expect((await seller2('POST', `/home/advertise/update/${made.id}`, { name: 'Mine now' })).code).toBe(404);
    expect((await seller2('POST', `/home/advertise/update/status/${made.id}`, undefined, { status: 0 })).code).toBe(
      404,
    );
    expect((await seller2('POST', '/home/advertise/delete', { ids: String(made.id) }, undefined, true)).data).toBe(0);
    const theirList = (await seller2('GET', '/home/advertise/list', undefined, { pageSize: 100 })).data.list;
    expect(theirList.every((a: { shopId: number }) => a.shopId === theirs)).toBe(true);
    expect((await admin('GET', `/home/advertise/${made.id}`)).data).toMatchObject({
      name: 'Winter carousel',
      status: 1,
    });
    // Filters: name, position, the expiry day.
    const byDay = (await seller('GET', '/home/advertise/list', undefined, { endTime: '2026-12-31', type: 1 })).data
      .list;
    expect(byDay.map((a: { id: number }) => a.id)).toContain(made.id);
    expect(
      (await seller('GET', '/home/advertise/list', undefined, { name: 'Winter carousel', type: 0 })).data.list.map(
        (a: { id: number }) => a.id,
      ),
    ).not.toContain(made.id);
    expect((await seller('POST', '/home/advertise/delete', { ids: String(made.id) }, undefined, true)).data).toBe(1);
  });

  it('news: title and body required, search, batch publish; sellers read only', async () => {
    expect((await as('operator')('POST', '/news/create', { title: 'A', content: '<p>x</p>' })).message).toBe(
      'Validation Failed: title: Length must be between 2 and 140 characters',
    );
    expect((await as('operator')('POST', '/news/create', { title: 'No body' })).message).toBe(
      'Validation Failed: content: is required',
    );
    const made = (
      await as('operator')('POST', '/news/create', { title: 'Holiday opening hours', content: '<p>Open</p>' })
    ).data;
    expect(made).toMatchObject({ publishStatus: 0, recommendStatus: 0 });
    expect(
      (await admin('POST', '/news/update/publishStatus', undefined, { ids: String(made.id), publishStatus: 1 })).data,
    ).toBe(1);
    const found = (await seller('GET', '/news/list', undefined, { keyword: 'opening hours' })).data.list;
    expect(found).toMatchObject([{ id: made.id, publishStatus: 1 }]);
    expect((await seller('POST', '/news/create', { title: 'Seller news', content: '<p>x</p>' })).code).toBe(403);
    expect((await seller('POST', `/news/delete/${made.id}`)).code).toBe(403);
  });

  it('tenancy: a seller sees and changes only its flash sales and coupons', async () => {
    const promo = (
      await seller('POST', '/flash/create', {
        title: 'Mine',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        shopId: mine,
      })
    ).data;
    const list2 = (await seller2('GET', '/flash/list', undefined, { pageSize: 100 })).data.list;
    expect(list2.every((f: { shopId: number }) => f.shopId === theirs)).toBe(true);
    expect((await seller2('POST', `/flash/update/${promo.id}`, { title: 'Taken' })).code).toBe(404);
    expect((await seller2('POST', `/flash/update/status/${promo.id}`, undefined, { status: 1 })).code).toBe(404);
    expect((await seller2('POST', `/flash/delete/${promo.id}`)).code).toBe(404);
    expect(
      (
        await seller2('POST', '/flashProductRelation/create', {
          flashPromotionId: promo.id,
          flashPromotionSessionId: 1,
          productId: foreignProduct.id,
          flashPromotionPrice: 1,
          flashPromotionCount: 1,
          flashPromotionLimit: 1,
        })
      ).message,
    ).toBe('Validation Failed: flashPromotionId: does not exist');
    expect((await admin('GET', `/flash/${promo.id}`)).data).toMatchObject({ title: 'Mine', status: 0 });
    const coupons2 = (await seller2('GET', '/coupon/list', undefined, { pageSize: 100 })).data.list;
    expect(coupons2.length).toBeGreaterThan(0);
    expect(coupons2.every((c: { shopId: number }) => c.shopId === theirs)).toBe(true);
    const history2 = (await seller2('GET', '/couponHistory/list', undefined, { pageSize: 100 })).data.list;
    expect(history2.every((h: { shopId: number }) => h.shopId === theirs)).toBe(true);
  });

  it('keeps a promotion and its products after a restart', async () => {
    const promo = (await flash({ title: 'Survives restarts' })).data;
    await admin('POST', '/flashProductRelation/create', [
      {
        flashPromotionId: promo.id,
        flashPromotionSessionId: 1,
        productId: product.id,
        flashPromotionPrice: 2,
        flashPromotionCount: 3,
        flashPromotionLimit: 1,
      },
    ]);
    await s.restart();
    t.admin = await s.login('admin', 'admin123');
    expect((await admin('GET', `/flash/${promo.id}`)).data.title).toBe('Survives restarts');
    expect(await total('/flashProductRelation/list', { flashPromotionId: promo.id })).toBe(1);
  });
});
