import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/admin/providers/dataProvider';
import { onSessionExpired } from '../../src/admin/providers/sessionExpired';

const entities = {
  brand: { path: '/brand', batch: ['showStatus'] },
  homeAdvertise: { path: '/home/advertise', batch: [] },
};
const provider = createDataProvider(entities);

type Call = { url: string; method: string; body?: string; headers: Record<string, string> };
let calls: Call[];
let answer: unknown;

const page = (list: unknown[], extra = {}) => ({
  pageNum: 1,
  pageSize: 5,
  totalPage: 1,
  total: list.length,
  list,
  ...extra,
});
const ok = (data: unknown) => ({ code: 200, message: 'Success', data });

beforeEach(() => {
  calls = [];
  answer = ok(null);
  const store = new Map<string, string>([['loginToken', 'Bearer abc']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body as string,
      headers: init.headers as Record<string, string>,
    });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const query = (call: Call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
const path = (call: Call) => new URL(call.url, 'http://x').pathname;

describe('dataProvider → upstream-style API', () => {
  it('takes a plain list where upstream answers `/list` with an array', async () => {
    answer = ok([{ id: 1 }, { id: 2 }]);
    const res = await provider.getList('brand', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(res).toMatchObject({ data: [{ id: 1 }, { id: 2 }], total: 2 });
    expect((await provider.getMany('brand', { ids: [1, 2] })).data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('getList sends pageNum/pageSize/keyword/filters/sort and the token', async () => {
    answer = ok(page([{ id: 1 }], { total: 7 }));
    const res = await provider.getList('brand', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'sort', order: 'DESC' },
      filter: { q: 'ap', showStatus: 1, empty: '' },
    });
    expect(path(calls[0])).toBe('/api/brand/list');
    expect(query(calls[0])).toEqual({
      pageNum: '2',
      pageSize: '5',
      keyword: 'ap',
      showStatus: '1',
      sort: 'sort',
      order: 'desc',
    });
    expect(calls[0].headers.Authorization).toBe('Bearer abc');
    expect(res).toMatchObject({ data: [{ id: 1 }], total: 7, meta: { totalExact: true } });
  });

  it('passes an inexact total on as meta.totalExact=false with a next page', async () => {
    answer = ok({ ...page([{ id: 1 }, { id: 2 }]), pageSize: 2, total: 1000, totalPage: 500, totalExact: false });
    const res = await provider.getList('brand', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(res.meta).toEqual({ totalExact: false });
    expect(res.pageInfo?.hasNextPage).toBe(true);
  });

  it('maps one-record calls to the entity path', async () => {
    answer = ok({ id: 3, name: 'Apple' });
    await provider.getOne('homeAdvertise', { id: 3 });
    await provider.create('brand', { data: { name: 'Apple' } });
    await provider.update('brand', { id: 3, data: { name: 'Apple' }, previousData: { id: 3 } });
    await provider.delete('brand', { id: 3, previousData: { id: 3 } });
    expect(calls.map((c) => `${c.method} ${path(c)}`)).toEqual([
      'GET /api/home/advertise/3',
      'POST /api/brand/create',
      'POST /api/brand/update/3',
      'POST /api/brand/delete/3',
    ]);
    expect(JSON.parse(calls[1].body!)).toEqual({ name: 'Apple' });
  });

  it('getMany and getManyReference use list with ids / the target filter', async () => {
    answer = ok(page([{ id: 1 }, { id: 2 }]));
    expect((await provider.getMany('brand', { ids: [1, 2] })).data).toHaveLength(2);
    expect(query(calls[0])).toMatchObject({ ids: '1,2', pageNum: '1', pageSize: '2' });
    await provider.getManyReference('brand', {
      target: 'categoryId',
      id: 9,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(query(calls[1])).toMatchObject({ categoryId: '9', pageNum: '1' });
  });

  it('updateMany uses the batch route for one batch field, else one update per id', async () => {
    answer = ok(2);
    await provider.updateMany('brand', { ids: [1, 2], data: { showStatus: 0 } });
    expect(`${calls[0].method} ${path(calls[0])}`).toBe('POST /api/brand/update/showStatus');
    expect(query(calls[0])).toEqual({ ids: '1,2', showStatus: '0' });
    calls = [];
    await provider.updateMany('brand', { ids: [1, 2], data: { name: 'x' } });
    expect(calls.map(path)).toEqual(['/api/brand/update/1', '/api/brand/update/2']);
  });

  it('deleteMany posts ids comma-joined', async () => {
    answer = ok(2);
    expect(await provider.deleteMany('brand', { ids: [4, 5] })).toEqual({ data: [4, 5] });
    expect(`${calls[0].method} ${path(calls[0])}`).toBe('POST /api/brand/delete');
    expect(query(calls[0])).toEqual({ ids: '4,5' });
  });

  it('turns code ≠ 200 into an HttpError with field errors and catalogue keys', async () => {
    answer = {
      code: 404,
      message: 'Validation Failed: name: too short',
      data: { errors: { name: 'Length must be between 2 and 140 characters' } },
    };
    const error = await provider.create('brand', { data: { name: 'a' } }).catch((e) => e);
    expect(error).toMatchObject({ status: 404, message: 'Validation Failed: name: too short' });
    // A field error as the form's rule of the same words, shown in the user's language (admin-fieldErrors.test.tsx).
    const args = { min: 2, max: 140, _: 'Length must be between 2 and 140 characters' };
    expect(error.body.errors).toEqual({
      name: `@@react-admin@@${JSON.stringify({ message: 'app.validation.lengthBetween', args })}`,
    });
    answer = { code: 500, message: 'Delete Success', data: null };
    expect((await provider.delete('brand', { id: 1 }).catch((e) => e)).message).toBe('app.message.deleteSuccess');
  });

  it('raises the session-expired signal on 401', async () => {
    const seen = vi.fn();
    const off = onSessionExpired(seen);
    answer = { code: 401, message: 'Not logged in or the token has expired', data: null };
    const error = await provider.getOne('brand', { id: 1 }).catch((e) => e);
    off();
    expect(error.status).toBe(401);
    expect(seen).toHaveBeenCalledOnce();
  });
});
