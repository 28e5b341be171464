import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { JobStatus } from '../../generated/enums';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * Who reaches a background job, on every job route, for every demo role, imports and exports alike: a job is its
 * starter's; anyone else needs the read permission of the job's entity (the resource its list needs) and, for a
 * seller, a job of one of its shops; a download asks again; cancelling another's job needs the entity's write
 * permission over those shops.
 */
const WHO = ['admin', 'operator', 'seller', 'seller2'] as const;
type Who = (typeof WHO)[number];
const PASSWORD: Record<Who, string> = {
  admin: 'admin123',
  operator: 'operator123',
  seller: 'seller123',
  seller2: 'seller123',
};
const ENDED = [JobStatus.done, JobStatus.failed, JobStatus.cancelled] as number[];

interface Job {
  id: number;
  kind: 'import' | 'export';
  entity: string;
  adminId: number;
  shopId: number | null;
  status: number;
  done: number;
  by: Who;
}

describe.each(dialects)('who reaches a background job on %s', (dialect) => {
  let s: TestServer;
  const token = {} as Record<Who, string>;
  const id = {} as Record<Who, number>;
  const shops = {} as Record<Who, number[]>;
  const jobs: Job[] = [];
  /** Read and write permission per role and entity, as the entity's own list and create routes answer it. */
  const reads = new Map<string, boolean>();
  const writes = new Map<string, boolean>();

  const csvPost = async (p: string, csv: string, who: Who) =>
    (
      await fetch(`${s.base}${p}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token[who]}`, 'content-type': 'text/csv' },
        body: csv,
      })
    ).json();
  const get = (p: string, who: Who) => s.api('GET', p, undefined, { token: token[who] });
  const finished = async (jobId: number, who: Who) => {
    for (;;) {
      const j = (await get(`/job/${jobId}`, who)).data;
      if (ENDED.includes(j.status)) return j;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const start = async (who: Who, kind: 'import' | 'export', entity: string) => {
    const env =
      kind === 'export'
        ? await s.api('POST', `/${entity}/export/job`, undefined, { token: token[who] })
        : await csvPost(`/${entity}/import/job`, 'name\nx', who);
    expect(env.code, `${who} ${kind} ${entity}: ${env.message}`).toBe(200);
    const j = await finished(env.data.id, who);
    jobs.push({ ...j, by: who });
  };
  const platform = (who: Who) => who === 'admin' || who === 'operator';
  const ofShops = (who: Who, j: Job) => platform(who) || (j.shopId !== null && shops[who].includes(j.shopId));
  const sees = (who: Who, j: Job) => j.adminId === id[who] || (reads.get(`${who} ${j.entity}`)! && ofShops(who, j));
  const cancels = (who: Who, j: Job) =>
    j.adminId === id[who] || (sees(who, j) && writes.get(`${who} ${j.entity}`)! && ofShops(who, j));

  beforeAll(async () => {
    s = await startServer({
      dialect,
      config: { jobs: { poll: 50, keep: 86_400_000, batch: 200, lanes: 2, rest: 0, slice: 5 } },
    });
    for (const who of WHO) {
      token[who] = await s.login(who, PASSWORD[who]);
      shops[who] = platform(who) ? [] : (await get('/shop/list', who)).data.list.map((x: { id: number }) => x.id);
    }
    const admins = (await get('/admin/list?pageSize=100', 'admin')).data.list as { id: number; username: string }[];
    for (const who of WHO) id[who] = admins.find((a) => a.username === who)!.id;
    for (const who of WHO)
      for (const entity of ['product', 'order', 'member']) {
        reads.set(`${who} ${entity}`, (await get(`/${entity}/list`, who)).code === 200);
        const create = await s.api('POST', `/${entity}/create`, {}, { token: token[who] });
        writes.set(`${who} ${entity}`, create.code !== 403);
      }
    // Every role starts an import and an export of products; the admin and a seller also export orders and import
    // members, which the operator may not read.
    for (const who of WHO) for (const kind of ['import', 'export'] as const) await start(who, kind, 'product');
    await start('admin', 'export', 'order');
    await start('admin', 'import', 'member');
    await start('seller', 'export', 'order');
    await start('seller2', 'import', 'member');
    // A job of seller2's shop that another account started (the shop changed hands since): seller2 reaches it.
    const shop2 = shops.seller2[0];
    const row = await s.built.db.kysely
      .insertInto(tables.job)
      .values({
        kind: 'export',
        entity: 'product',
        status: JobStatus.done,
        admin_id: id.admin,
        username: 'admin',
        shop_id: shop2,
        params: JSON.stringify({ shops: [shop2] }),
        result: JSON.stringify({ file: 'product.csv', rows: 0 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fs.mkdirSync(path.join(s.config.dataDir, 'exports'), { recursive: true });
    fs.writeFileSync(path.join(s.config.dataDir, 'exports', `job-${row.id}.csv`), 'id\n');
    jobs.push({ ...(await get(`/job/${row.id}`, 'admin')).data, by: 'admin' });
  }, 120_000);
  afterAll(async () => s?.close());

  it('the demo roles are what the cases need', () => {
    expect(reads.get('operator product')).toBe(true);
    expect(reads.get('operator order')).toBe(false);
    expect(reads.get('operator member')).toBe(false);
    expect(writes.get('operator product')).toBe(true);
    expect(jobs.find((j) => j.by === 'seller2' && j.entity === 'member')!.shopId).toBe(shops.seller2[0]);
    expect(jobs.find((j) => j.by === 'seller' && j.entity === 'order')!.shopId).toBeNull(); // two shops
    expect(jobs.find((j) => j.by === 'admin' && j.entity === 'order')!.shopId).toBeNull(); // every shop
  });

  it.each(WHO)('%s lists and reads exactly the jobs it may see', async (who) => {
    const listed = (await get('/job/list?pageSize=100', who)).data.list.map((j: { id: number }) => j.id);
    for (const j of jobs) {
      const why = `${who} → job ${j.id} (${j.by}'s ${j.kind} of ${j.entity})`;
      expect(listed.includes(j.id), why).toBe(sees(who, j));
      const one = await get(`/job/${j.id}`, who);
      expect(one.code, why).toBe(sees(who, j) ? 200 : 404);
      if (sees(who, j)) expect(one.data, why).toMatchObject({ id: j.id, done: j.done, status: j.status });
    }
  });

  it.each(WHO)('%s downloads exactly the exports it may read', async (who) => {
    for (const j of jobs) {
      const why = `${who} → job ${j.id} (${j.by}'s ${j.kind} of ${j.entity})`;
      const res = await fetch(`${s.base}/job/${j.id}/download`, { headers: { authorization: `Bearer ${token[who]}` } });
      const file = sees(who, j) && j.kind === 'export' && j.status === JobStatus.done;
      if (file) {
        expect(res.headers.get('content-type'), why).toMatch(/^text\/csv/);
        await res.text();
      } else {
        const env = await res.json();
        expect(env.code, why).toBe(sees(who, j) ? 500 : 404);
      }
    }
  });

  it.each(WHO)('%s cancels exactly the jobs it may write', async (who) => {
    for (const j of jobs) {
      const why = `${who} → job ${j.id} (${j.by}'s ${j.kind} of ${j.entity})`;
      const env = await s.api('POST', `/job/${j.id}/cancel`, undefined, { token: token[who] });
      // Every job has ended: one the caller may cancel answers so, any other as missing.
      expect(env, why).toMatchObject(
        cancels(who, j) ? { code: 500, message: 'The job has already ended' } : { code: 404, message: 'Not found' },
      );
    }
  });

  it('any role on any job route, ids of others’ jobs and of none included, gets what the rule says (property)', async () => {
    const anyId = fc.oneof(
      fc.constantFrom(...jobs).map((j) => ({ id: j.id, job: j as Job | undefined })),
      fc.integer({ min: 1, max: 2 ** 31 }).map((n) => ({ id: n, job: jobs.find((j) => j.id === n) })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WHO),
        anyId,
        fc.constantFrom('detail', 'download', 'cancel'),
        async (who, { id: jobId, job }, route) => {
          const why = `${who} ${route} ${jobId}`;
          const seen = job !== undefined && sees(who, job);
          if (route === 'detail') expect((await get(`/job/${jobId}`, who)).code, why).toBe(seen ? 200 : 404);
          else if (route === 'cancel') {
            const env = await s.api('POST', `/job/${jobId}/cancel`, undefined, { token: token[who] });
            expect(env.code, why).toBe(job && cancels(who, job) ? 500 : 404);
          } else {
            const res = await fetch(`${s.base}/job/${jobId}/download`, {
              headers: { authorization: `Bearer ${token[who]}` },
            });
            const file = seen && job.kind === 'export' && job.status === JobStatus.done;
            if (file) expect(res.headers.get('content-type'), why).toMatch(/^text\/csv/);
            else expect((await res.json()).code, why).toBe(seen ? 500 : 404);
            if (file) await res.text();
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('the attack: the operator gets none of the admin’s order export and cannot cancel a seller’s import', async () => {
    const orders = jobs.find((j) => j.by === 'admin' && j.entity === 'order')!;
    const res = await fetch(`${s.base}/job/${orders.id}/download`, {
      headers: { authorization: `Bearer ${token.operator}` },
    });
    expect(await res.json()).toMatchObject({ code: 404 });
    const queued = await csvPost(
      '/member/import/job',
      `username,country,shopId\nacc.${dialect},US,${shops.seller2[0]}`,
      'seller2',
    );
    const cancel = await s.api('POST', `/job/${queued.data.id}/cancel`, undefined, { token: token.operator });
    expect(cancel).toMatchObject({ code: 404 });
    expect((await finished(queued.data.id, 'seller2')).status).not.toBe(JobStatus.cancelled);
  });

  it('asks again at download: a starter who lost the entity’s permission gets no file', async () => {
    const mine = jobs.find((j) => j.by === 'operator' && j.kind === 'export' && j.entity === 'product')!;
    const role = (await get('/role/list?pageSize=100', 'admin')).data.list.find(
      (r: { name: string }) => r.name === 'Operator',
    ).id;
    const resources = (await get(`/role/listResource/${role}`, 'admin')).data as { id: number; url: string }[];
    const kept = resources.filter((r) => !r.url.includes('/product/')).map((r) => r.id);
    const alloc = (ids: number[]) =>
      s.api(
        'POST',
        '/role/allocResource',
        { roleId: role, resourceIds: ids.join(',') },
        { token: token.admin, form: true },
      );
    expect((await alloc(kept)).code).toBe(200);
    try {
      expect((await get('/product/list', 'operator')).code).toBe(403);
      const res = await fetch(`${s.base}/job/${mine.id}/download`, {
        headers: { authorization: `Bearer ${token.operator}` },
      });
      expect(await res.json()).toMatchObject({ code: 404 });
      // Still its own job: it sees and may cancel it.
      expect((await get(`/job/${mine.id}`, 'operator')).code).toBe(200);
      // Another's product export is out of reach now.
      const admins = jobs.find((j) => j.by === 'admin' && j.kind === 'export' && j.entity === 'product')!;
      expect((await get(`/job/${admins.id}`, 'operator')).code).toBe(404);
    } finally {
      await alloc(resources.map((r) => r.id));
    }
  });
});
