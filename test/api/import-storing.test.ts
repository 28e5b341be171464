import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { JobStatus } from '../../generated/enums';
import { writeTx } from '../../src/server/core/crud/writes';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * An import stores its rows in short transactions, a batch each, and stays all or none: other requests' writes and
 * reads go on meanwhile, no read sees rows a transaction has not committed, a cancel once the rows are being stored
 * is refused, a row refused at store time removes what the import stored, and an import stopped midway is completed
 * from where it stopped. The synchronous import is paced the same way.
 */
describe.each(dialects)('import storing on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let seller: string;
  let shop: number;

  const post = async (path: string, csv: string, tok = token) =>
    (
      await fetch(`${s.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'text/csv' },
        body: csv,
      })
    ).json();
  const job = async (id: number) => (await s.api('GET', `/job/${id}`, undefined, { token })).data;
  const ended = [JobStatus.done, JobStatus.failed, JobStatus.cancelled] as number[];
  // The server runs on this process's event loop: polls leave it turns.
  const pause = (ms = 20) => new Promise((r) => setTimeout(r, ms));
  const finished = async (id: number) => {
    for (;;) {
      const j = await job(id);
      if (ended.includes(j.status)) return j;
      await pause();
    }
  };
  /** The job once it stores its rows (every row checked: `done` reached `total`); fails if it ended before. */
  const storing = async (id: number) => {
    for (;;) {
      const j = await job(id);
      expect(ended, JSON.stringify(j)).not.toContain(j.status);
      if (j.status === JobStatus.running && j.total && j.done >= j.total) return j;
      await pause();
    }
  };
  const members = (prefix: string, n: number) =>
    ['username,country,shopId', ...Array.from({ length: n }, (_, i) => `${prefix}${i},US,${shop}`)].join('\n');
  const list = async (path: string, query: Record<string, string | number>) =>
    (await s.api('GET', path, undefined, { token, query })).data;
  const total = async (keyword: string) => (await list('/member/list', { keyword, pageSize: 1 })).total as number;

  beforeAll(async () => {
    // Batches of ten rows with a rest after each: a job of a couple hundred rows stores over many turns.
    s = await startServer({
      dialect,
      config: { jobs: { poll: 50, keep: 86_400_000, batch: 10, lanes: 2, rest: 40, slice: 10 } },
    });
    token = await s.login('admin', 'admin123');
    seller = await s.login('seller', 'seller123');
    shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
  });
  afterAll(async () => s?.close());

  it("answers another account's write and a read while a job stores its rows", async () => {
    const { data } = await post('/member/import/job', members('st.meanwhile.', 200));
    await storing(data.id);
    const created = await s.api(
      'POST',
      '/member/create',
      { username: 'st.other', country: 'US', shopId: shop },
      { token: seller },
    );
    expect(created.code, created.message).toBe(200);
    expect((await s.api('GET', '/admin/info', undefined, { token })).code).toBe(200);
    // Both answered while the job still stores: they did not wait for its end.
    expect((await job(data.id)).status).toBe(JobStatus.running);
    expect(await finished(data.id)).toMatchObject({ status: JobStatus.done, result: { imported: 200 } });
    expect(await total('st.meanwhile.')).toBe(200);
  });

  it('reads no row of a write transaction that is still open', async () => {
    const { db } = s.built;
    let inserted!: () => void;
    let release!: () => void;
    const written = new Promise<void>((r) => (inserted = r));
    const held = new Promise<void>((r) => (release = r));
    const safety = setTimeout(() => release(), 20_000); // a read that waited for the commit fails, never hangs
    const tx = writeTx(db, [tables.member], async (trx) => {
      await trx
        .insertInto(tables.member)
        .values({ username: 'st.uncommitted', shop_id: shop, create_time: new Date().toISOString() })
        .execute();
      inserted();
      await held; // the transaction stays open across turns of the event loop (a hook awaiting real I/O)
    });
    await written;
    const newest = async () =>
      (await list('/member/list', { pageSize: 1, sort: 'id', order: 'desc' })).list[0].username as string;
    const during = await newest();
    release();
    clearTimeout(safety);
    await tx;
    expect(during).not.toBe('st.uncommitted');
    expect(await newest()).toBe('st.uncommitted');
  });

  it('refuses a cancel once the rows are being stored, and stores them all', async () => {
    const { data } = await post('/member/import/job', members('st.cancel.', 200));
    await storing(data.id);
    const cancel = await s.api('POST', `/job/${data.id}/cancel`, undefined, { token });
    expect(cancel).toMatchObject({ code: 500, message: 'Too late: the rows are being stored' });
    expect(await finished(data.id)).toMatchObject({ status: JobStatus.done, result: { imported: 200 } });
    expect(await total('st.cancel.')).toBe(200);
  });

  it('removes the rows it stored when a row is refused at store time (a concurrent delete)', async () => {
    const product = (await list('/product/list', { pageSize: 1 })).list[0];
    const brandCount = async (id: number) =>
      (await s.api('GET', `/brand/${id}`, undefined, { token })).data.productCount as number;
    const before = await brandCount(product.brandId);
    const gone = await s.api('POST', '/brand/create', { name: 'Store-time brand' }, { token });
    expect(gone.code, gone.message).toBe(200);
    const row = (i: number, brand: number) =>
      `Storetime lamp ${i},Warm light,A lamp,${product.productCategoryId},${brand},${product.shopId},19.9`;
    const csv = [
      'name,subTitle,description,productCategoryId,brandId,shopId,price',
      ...Array.from({ length: 99 }, (_, i) => row(i, product.brandId)),
      row(99, gone.data.id), // its brand is deleted while the rows before it are stored
    ].join('\n');
    const { data } = await post('/product/import/job', csv);
    await storing(data.id);
    const deleted = await s.api('POST', `/brand/delete/${gone.data.id}`, undefined, { token });
    expect(deleted.code, deleted.message).toBe(200);
    expect((await job(data.id)).status).toBe(JobStatus.running);
    const j = await finished(data.id);
    expect(j).toMatchObject({
      status: JobStatus.failed,
      error: 'Validation Failed: 1 of 100 rows refused, nothing imported',
      result: { imported: 0, refused: [{ row: 100 }] },
    });
    expect((await list('/product/list', { keyword: 'Storetime lamp', pageSize: 1 })).total).toBe(0);
    expect(await brandCount(product.brandId)).toBe(before);
  });

  it('completes an import stopped while it stores: the rows stored stay, the rest once', async () => {
    const { data } = await post('/member/import/job', members('st.stop.', 200));
    await storing(data.id);
    // Some batches committed while the job still runs.
    let seen: { id: number; createTime: string }[] = [];
    while (!seen.length) {
      expect((await job(data.id)).status).toBe(JobStatus.running);
      seen = (await list('/member/list', { keyword: 'st.stop.', pageSize: 100, sort: 'id', order: 'asc' })).list;
      await pause();
    }
    await s.restart();
    expect(await finished(data.id)).toMatchObject({ status: JobStatus.done, result: { imported: 200 } });
    expect(await total('st.stop.')).toBe(200);
    const after = (await list('/member/list', { keyword: 'st.stop.', pageSize: 200, sort: 'id', order: 'asc' })).list;
    const kept = new Map(after.map((m: { id: number; createTime: string }) => [m.id, m.createTime]));
    // Stored once: the rows seen before the stop are the same rows, not stored again.
    for (const m of seen) expect(kept.get(m.id), String(m.id)).toBe(m.createTime);
  });

  it('answers other requests while the synchronous import runs', async () => {
    const order: string[] = [];
    const sync = post('/member/import', members('st.sync.', 300)).then((r) => {
      order.push('import');
      return r;
    });
    await pause(200); // the import is under way (a server holding the event loop would not even run this timer)
    await s.api('GET', '/admin/info', undefined, { token }).then(() => order.push('info'));
    expect(await sync).toMatchObject({ code: 200, data: { imported: 300, refused: [] } });
    expect(order).toEqual(['info', 'import']);
    expect(await total('st.sync.')).toBe(300);
  });
});
