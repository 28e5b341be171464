import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { JobStatus } from '../../generated/enums';
import type { QuotaSettings, ServerConfig } from '../../src/server/core/config';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * Per-account quotas (uploads per hour, jobs under way, export files kept) and the disk floor: what passes them is
 * refused with a clear envelope and nothing is stored; the counts come from the database, so they hold for racing
 * requests and, on PostgreSQL, across two server processes.
 */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1000)]);
const ENDED = [JobStatus.done, JobStatus.failed, JobStatus.cancelled] as number[];
const QUOTAS: QuotaSettings = {
  uploadBytesPerHour: 3 * PNG.length,
  jobs: 2,
  exportFiles: 2,
  diskFloor: { bytes: 0 },
};
// Jobs that never run on these servers (no lane): the ones under way stay queued, so the counts are exact.
const IDLE = { poll: 60_000, keep: 86_400_000, batch: 200, lanes: 0, rest: 0, slice: 5 };

describe.each(dialects)('quotas and the disk floor on %s', (dialect) => {
  const servers: TestServer[] = [];
  const start = async (config: Partial<ServerConfig> = {}) => {
    const s = await startServer({ dialect, config: { quotas: QUOTAS, ...config } });
    servers.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of servers.reverse()) await s.close();
  });

  const upload = async (s: TestServer, token: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${s.base}/minio/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return res.json();
  };
  const csv = async (s: TestServer, p: string, token: string, body: string) =>
    (
      await fetch(`${s.base}${p}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body,
      })
    ).json();
  const files = (s: TestServer, sub: string) => {
    const dir = path.join(s.config.dataDir, sub);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const rows = async (s: TestServer, table: string) =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(s.built.db.kysely)).rows[0].n,
    );

  describe('uploads per account and hour', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await start();
    });

    it('refuses the upload past the hour’s bytes, storing nothing; another account is not held back', async () => {
      const seller = await s.login('seller', 'seller123');
      for (let i = 0; i < 3; i++) expect((await upload(s, seller)).code).toBe(200);
      const before = { files: files(s, 'uploads'), log: await rows(s, tables.upload) };
      const refused = await upload(s, seller);
      expect(refused).toMatchObject({
        code: 500,
        message: Messages.uploadQuota,
        data: { limit: QUOTAS.uploadBytesPerHour },
      });
      expect(refused.data.retryAfter).toBeGreaterThan(0);
      expect(files(s, 'uploads')).toEqual(before.files);
      expect(await rows(s, tables.upload)).toBe(before.log);
      expect((await upload(s, await s.login('seller2', 'seller123'))).code).toBe(200);
    });

    it('holds for racing uploads, on one process and, on PostgreSQL, on two', async () => {
      const others =
        dialect === 'postgres' ? [await start({ databaseUrl: s.config.databaseUrl, dataDir: s.config.dataDir })] : [];
      const both = [s, ...others];
      const token = await s.login('operator', 'operator123');
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(both[i % both.length], token)));
      const accepted = answers.filter((a) => a.code === 200);
      expect(accepted.length).toBeGreaterThan(0);
      expect(accepted.length).toBeLessThanOrEqual(3);
      for (const a of answers.filter((x) => x.code !== 200)) expect(a.message).toBe(Messages.uploadQuota);
      const logged = await s.built.db.kysely
        .selectFrom(tables.upload)
        .select(sql<number>`sum(bytes)`.as('b'))
        .where('admin_id', '=', (eb) => eb.selectFrom(tables.admin).select('id').where('username', '=', 'operator'))
        .executeTakeFirst();
      expect(Number(logged?.b ?? 0)).toBeLessThanOrEqual(QUOTAS.uploadBytesPerHour);
      for (const a of accepted)
        expect((await fetch(`${s.url}${a.data.url}`)).headers.get('content-type')).toBe('image/png');
    });
  });

  describe('jobs under way per account', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await start({ jobs: IDLE });
    });

    it('refuses a job past the account’s queued and running ones, imports and exports alike; nothing queued', async () => {
      const seller = await s.login('seller2', 'seller123');
      expect((await s.api('POST', '/product/export/job', undefined, { token: seller })).code).toBe(200);
      expect((await csv(s, '/member/import/job', seller, 'username\nq1')).code).toBe(200);
      const before = await rows(s, tables.job);
      expect(await s.api('POST', '/product/export/job', undefined, { token: seller })).toMatchObject({
        code: 500,
        message: Messages.jobQuota,
        data: { limit: QUOTAS.jobs },
      });
      expect(await csv(s, '/member/import/job', seller, 'username\nq2')).toMatchObject({ message: Messages.jobQuota });
      expect(await rows(s, tables.job)).toBe(before);
      // Another account has its own; a cancelled job frees its place.
      expect(
        (await s.api('POST', '/brand/export/job', undefined, { token: await s.login('admin', 'admin123') })).code,
      ).toBe(200);
      const mine = (await s.api('GET', '/job/list', undefined, { token: seller })).data.list;
      expect((await s.api('POST', `/job/${mine[0].id}/cancel`, undefined, { token: seller })).code).toBe(200);
      expect((await s.api('POST', '/product/export/job', undefined, { token: seller })).code).toBe(200);
    });

    it('holds for racing requests, on one process and, on PostgreSQL, on two', async () => {
      const others = dialect === 'postgres' ? [await start({ databaseUrl: s.config.databaseUrl, jobs: IDLE })] : [];
      const both = [s, ...others];
      const token = await s.login('operator', 'operator123');
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          both[i % both.length].api('POST', '/product/export/job', undefined, { token }),
        ),
      );
      expect(answers.filter((a) => a.code === 200).length).toBe(QUOTAS.jobs);
      for (const a of answers.filter((x) => x.code !== 200)) expect(a.message).toBe(Messages.jobQuota);
      const listed = (
        await s.api('GET', '/job/list', undefined, {
          token,
          query: { adminId: answers.find((a) => a.code === 200)!.data.adminId },
        })
      ).data;
      expect(listed.list.filter((j: { status: number }) => j.status === JobStatus.queued).length).toBe(QUOTAS.jobs);
    });
  });

  it('keeps an account’s newest export files, removing the oldest', async () => {
    const s = await start({ jobs: { ...IDLE, poll: 50, lanes: 2 }, quotas: { ...QUOTAS, jobs: 10 } });
    const token = await s.login('seller', 'seller123');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { data } = await s.api('POST', '/brand/export/job', undefined, { token });
      for (;;) {
        const j = (await s.api('GET', `/job/${data.id}`, undefined, { token })).data;
        if (ENDED.includes(j.status)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      ids.push(data.id);
    }
    const download = async (id: number) =>
      (await fetch(`${s.base}/job/${id}/download`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(JSON.parse(await download(ids[0]))).toMatchObject({
      code: 500,
      message: expect.stringMatching(/file was removed/),
    });
    for (const id of ids.slice(1)) expect(await download(id)).toMatch(/^\uFEFF?ID,/);
    expect(files(s, 'exports')).toEqual(
      ids
        .slice(1)
        .map((id) => `job-${id}.csv`)
        .sort(),
    );
  });

  it('refuses uploads, imports and exports that would leave the disk under its floor; nothing written', async () => {
    for (const diskFloor of [{ bytes: Number.MAX_SAFE_INTEGER }, { percent: 100 }]) {
      const s = await start({ jobs: IDLE, quotas: { ...QUOTAS, diskFloor } });
      const token = await s.login('admin', 'admin123');
      const before = { jobs: await rows(s, tables.job), members: await rows(s, tables.member) };
      const refused = { code: 500, message: Messages.diskFull };
      expect(await upload(s, token)).toMatchObject(refused);
      expect(await s.api('POST', '/product/export/job', undefined, { token })).toMatchObject(refused);
      expect(await csv(s, '/member/import/job', token, 'username,country\nfloor1,US')).toMatchObject(refused);
      expect(await csv(s, '/member/import', token, 'username,country\nfloor2,US')).toMatchObject(refused);
      expect(files(s, 'uploads')).toEqual([]);
      expect(await rows(s, tables.job)).toBe(before.jobs);
      expect(await rows(s, tables.member)).toBe(before.members);
      // Reads go on.
      expect((await s.api('GET', '/member/list', undefined, { token })).code).toBe(200);
    }
  });
});
