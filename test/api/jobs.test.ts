import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { tables } from '../../generated/database';
import { JobStatus } from '../../generated/enums';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * Imports and exports as background jobs: they run off the request path in small batches (other requests are
 * answered meanwhile), report progress and their result, can be cancelled, stay the caller's, and run once.
 */
describe.each(dialects)('background jobs on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let seller: string;
  let shop: number;

  // Small batches with a rest after each: a job of two hundred rows takes many turns of the event loop and half a
  // second at least, as a large file does with the default batch, without inserting thousands of rows (each row is
  // several database round trips, slow on a loaded machine).
  const start = (config = {}) =>
    startServer({
      dialect,
      config: { jobs: { poll: 50, keep: 86_400_000, batch: 10, lanes: 2, rest: 25, slice: 10 }, ...config },
    });
  const post = async (srv: TestServer, path: string, csv: string, tok = token) =>
    (
      await fetch(`${srv.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'text/csv' },
        body: csv,
      })
    ).json();
  const job = async (id: number, tok = token, srv = s) =>
    (await srv.api('GET', `/job/${id}`, undefined, { token: tok })).data;
  const ended = [JobStatus.done, JobStatus.failed, JobStatus.cancelled] as number[];
  // The job runs on this process's event loop: polls leave it turns (a tight loop of calls starves it under load).
  const pause = () => new Promise((r) => setTimeout(r, 50));
  const finished = async (id: number, tok = token, srv = s) => {
    for (;;) {
      const j = await job(id, tok, srv);
      if (ended.includes(j.status)) return j;
      await pause();
    }
  };
  const started = async (id: number, tok = token, srv = s) => {
    let j = await job(id, tok, srv);
    while (j.status === JobStatus.queued) {
      await pause();
      j = await job(id, tok, srv);
    }
    return j;
  };
  const members = (prefix: string, n: number) =>
    ['username,country,shopId', ...Array.from({ length: n }, (_, i) => `${prefix}${i},US,${shop}`)].join('\n');
  const total = async (keyword: string) =>
    (await s.api('GET', '/member/list', undefined, { token, query: { keyword, pageSize: 1 } })).data.total as number;

  beforeAll(async () => {
    s = await start();
    token = await s.login('admin', 'admin123');
    seller = await s.login('seller', 'seller123');
    shop = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0].id;
  });
  afterAll(async () => s?.close());

  it('imports in the background: other requests answered meanwhile, progress, then the report', async () => {
    const started = await post(s, '/member/import/job', members('bgjob.', 200));
    expect(started, JSON.stringify(started)).toMatchObject({ code: 200, data: { kind: 'import', entity: 'member' } });
    const id = started.data.id;
    // The file has a row of its own, kept while the job may need it: the job's row is rewritten by every note of its
    // progress, and SQLite rewrites a row whole (the file with it, 12 MB for 100,000 rows, at every note).
    const files = async () =>
      (await s.built.db.kysely.selectFrom(tables.jobInput).select('input').where('job_id', '=', id).execute()).length;
    expect(await files()).toBe(1);
    const info = await s.api('GET', '/admin/info', undefined, { token });
    expect(info.code).toBe(200);
    // Answered while the job is still under way, not after it.
    const meanwhile = await job(id);
    expect([JobStatus.queued, JobStatus.running]).toContain(meanwhile.status);
    const seen = new Set<number>();
    let j = meanwhile;
    while (!ended.includes(j.status)) {
      if (j.status === JobStatus.running && j.done) seen.add(j.done);
      await pause();
      j = await job(id);
    }
    expect(j, JSON.stringify(j)).toMatchObject({ status: JobStatus.done, done: 200, total: 200 });
    expect(j.result).toEqual({ imported: 200, refused: [] });
    expect(await files()).toBe(0);
    expect(seen.size).toBeGreaterThan(0);
    expect(j.finishTime).toBeTruthy();
    expect(await total('bgjob.')).toBe(200);
    // On the audit trail as the starter's, through the job's call.
    const audit = await s.api('GET', '/auditLog/list', undefined, {
      token,
      query: { entity: 'member', keyword: `POST /job/${id}` },
    });
    expect(audit.data.total).toBeGreaterThan(0);
    expect(audit.data.list[0]).toMatchObject({ username: 'admin', path: `POST /job/${id}` });
    // The synchronous import is unchanged.
    const sync = await post(s, '/member/import', members('bgsync.', 2));
    expect(sync).toMatchObject({ code: 200, data: { imported: 2, refused: [] } });
  });

  it('runs an export beside a long import, not after it', async () => {
    const { data: imp } = await post(s, '/member/import/job', members('bglane.', 300));
    await started(imp.id);
    const exp = await s.api('POST', '/member/export/job', undefined, { token, query: { lang: 'en' } });
    expect(exp.code, exp.message).toBe(200);
    expect((await finished(exp.data.id)).status).toBe(JobStatus.done);
    // With one job at a time the export would still be queued behind the import.
    expect((await job(imp.id)).status).toBe(JobStatus.running);
    expect((await finished(imp.id)).status).toBe(JobStatus.done);
  });

  it('reports refused rows and stores none', async () => {
    const csv = `${members('bgbad.', 3)}\nx,ZZ,${shop}`;
    const { data } = await post(s, '/member/import/job', csv);
    const j = await finished(data.id);
    expect(j.status).toBe(JobStatus.failed);
    expect(j.error).toBe('Validation Failed: 1 of 4 rows refused, nothing imported');
    expect(j.result.refused[0].row).toBe(4);
    expect(Object.keys(j.result.refused[0].errors)).toEqual(expect.arrayContaining(['username', 'country']));
    expect(await total('bgbad.')).toBe(0);
  });

  it('cancels a running import: nothing stored, the job says cancelled', async () => {
    const { data } = await post(s, '/member/import/job', members('bgcancel.', 200));
    await started(data.id);
    const cancelled = await s.api('POST', `/job/${data.id}/cancel`, undefined, { token });
    expect(cancelled, JSON.stringify(cancelled)).toMatchObject({ code: 200, data: { status: JobStatus.cancelled } });
    const j = await finished(data.id);
    expect(j.status).toBe(JobStatus.cancelled);
    expect(await total('bgcancel.')).toBe(0);
    const file = await s.built.db.kysely
      .selectFrom(tables.jobInput)
      .select('id')
      .where('job_id', '=', data.id)
      .execute();
    expect(file).toEqual([]);
    const again = await s.api('POST', `/job/${data.id}/cancel`, undefined, { token });
    expect(again).toMatchObject({ code: 500, message: 'The job has already ended' });
  });

  it("exports as a job; a seller's job holds its shops' rows only, and its jobs are its own", async () => {
    const started = await s.api('POST', '/member/export/job', undefined, { token: seller, query: { lang: 'en' } });
    expect(started.code, JSON.stringify(started)).toBe(200);
    const j = await finished(started.data.id, seller);
    expect(j.status, JSON.stringify(j)).toBe(JobStatus.done);
    const res = await fetch(`${s.base}/job/${j.id}/download`, { headers: { authorization: `Bearer ${seller}` } });
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="member-\d{8}\.csv"/);
    const rows = parse((await res.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const listed = (await s.api('GET', '/member/list', undefined, { token: seller, query: { pageSize: 1 } })).data;
    expect(rows.length).toBe(listed.total);
    expect(j.result).toMatchObject({ rows: rows.length });
    expect(rows.length).toBeGreaterThan(0);
    // The admin's export sees more rows than the seller's.
    const all = await s.api('POST', '/member/export/job', undefined, { token });
    const allDone = await finished(all.data.id);
    expect(allDone.result.rows).toBeGreaterThan(rows.length);
    // The seller sees its own jobs only; another's answers as missing, also to cancel and download.
    expect((await s.api('GET', `/job/${allDone.id}`, undefined, { token: seller })).code).toBe(404);
    expect((await s.api('POST', `/job/${allDone.id}/cancel`, undefined, { token: seller })).code).toBe(404);
    const list = (await s.api('GET', '/job/list', undefined, { token: seller, query: { pageSize: 100 } })).data;
    expect(list.list.length).toBeGreaterThan(0);
    expect(list.list.every((x: { username: string }) => x.username === 'seller')).toBe(true);
    const adminList = (await s.api('GET', '/job/list', undefined, { token, query: { pageSize: 100 } })).data;
    expect(adminList.list.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([j.id, allDone.id]));
    // As with the synchronous calls: a seller exports platform-wide data (a read) but imports none of it.
    expect((await s.api('POST', '/brand/export/job', undefined, { token: seller })).code).toBe(200);
    expect((await post(s, '/product/import/job', 'name\nx', token)).code).toBe(200);
    expect((await post(s, '/member/import/job', 'username\nx', seller)).code).toBe(200);
  });

  it('puts a running job back in the queue on a graceful stop; the next start runs it once', async () => {
    const { data } = await post(s, '/member/import/job', members('bgstop.', 200));
    let j = await started(data.id);
    expect(j.status).toBe(JobStatus.running);
    await s.restart();
    j = await finished(data.id);
    expect(j).toMatchObject({ status: JobStatus.done, result: { imported: 200, refused: [] } });
    expect(await total('bgstop.')).toBe(200);
  });

  it('counts queued and running jobs in the metrics', async () => {
    const m = await start({ metricsToken: 'metrics-secret' });
    try {
      const admin = await m.login('admin', 'admin123');
      const gauge = async () => {
        const text = await (
          await fetch(`${m.base}/metrics`, { headers: { authorization: 'Bearer metrics-secret' } })
        ).text();
        return Number(/^jobs\{kind="import",state="running"\} (\d+)$/m.exec(text)?.[1]);
      };
      expect(await gauge()).toBe(0);
      const { data } = await post(m, '/member/import/job', members('bgmetrics.', 200), admin);
      await started(data.id, admin, m);
      await expect.poll(gauge, { interval: 100, timeout: 30_000 }).toBe(1);
      await finished(data.id, admin, m);
      await expect.poll(gauge, { interval: 100, timeout: 60_000 }).toBe(0);
    } finally {
      await m.close();
    }
  });

  it('leaves a job another process took over to that one: a run that lost it does not end it', async () => {
    // Enough rows for an export of many batches (a rest after each): the claim moves on while it runs.
    expect((await post(s, '/member/import', members('takenover.', 300))).code).toBe(200);
    const { data } = await s.api('POST', '/member/export/job', undefined, { token, query: { lang: 'en' } });
    const id = data.id;
    await started(id);
    // Another process's claim, as after this run's lease ran out (it stalled): the version moves on.
    await s.built.db.kysely
      .updateTable(tables.job)
      .set((eb) => ({ row_version: eb('row_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    // This run writes its file to the end, then would end the job.
    let j = await job(id);
    while (j.status === JobStatus.running && !(j.total && j.done >= j.total)) {
      await pause();
      j = await job(id);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect((await job(id)).status).toBe(JobStatus.running);
    await s.api('POST', `/job/${id}/cancel`, undefined, { token });
  });

  it('looks for work without writing while there is none', async () => {
    // Every write on SQLite waits for its turn of the write lock, which a busy worker's turn keeps from an import.
    const m = await start({ metricsToken: 'metrics-secret' });
    try {
      const writes: string[] = [];
      m.built.db.onQuery = (text) => {
        if (/^\s*(update|insert|delete)\b/i.test(text) && text.includes(tables.job)) writes.push(text);
      };
      // Twenty polls (every 50 ms), all finding the queue empty.
      await new Promise((r) => setTimeout(r, 1000));
      expect(writes).toEqual([]);
    } finally {
      await m.close();
    }
  });

  it('takes back, at start, a job a stopped server left running (its lease run out), and runs it', async () => {
    const { id } = await s.built.db.kysely
      .insertInto(tables.job)
      .values({
        kind: 'export',
        entity: 'brand',
        status: JobStatus.running,
        params: JSON.stringify({ query: {}, lang: 'en' }),
        admin_id: 1,
        username: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.restart();
    expect(await finished(Number(id))).toMatchObject({ status: JobStatus.done, result: { rows: expect.any(Number) } });
  });

  it.runIf(dialect === 'postgres')('runs each job once when two servers share the database', async () => {
    const other = await start({ databaseUrl: s.config.databaseUrl, demo: true });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push((await post(s, '/member/import/job', members(`bgtwo${i}.`, 50))).data.id);
      const jobs = await Promise.all(ids.map((id) => finished(id)));
      expect(jobs.map((j) => j.status)).toEqual(ids.map(() => JobStatus.done));
      for (let i = 0; i < 6; i++) expect(await total(`bgtwo${i}.`)).toBe(50);
    } finally {
      await other.close();
    }
  });
});

describe('short keywords', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('refuses a one-character keyword (every row would be read), searches two', async () => {
    for (const [path, param] of [
      ['/product/list', 'keyword'],
      ['/order/list', 'receiverKeyword'],
    ]) {
      const one = await s.api('GET', path, undefined, { token, query: { [param]: 'a' } });
      expect(one).toMatchObject({
        code: 404,
        message: `Validation Failed: ${param}: enter at least 2 characters`,
        data: { errors: { [param]: 'enter at least 2 characters' } },
      });
      expect((await s.api('GET', path, undefined, { token, query: { [param]: 'ab' } })).code).toBe(200);
    }
    const export1 = await fetch(`${s.base}/product/export?keyword=x`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await export1.json()).code).toBe(404);
  });
});
