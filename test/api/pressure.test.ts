/**
 * Back-pressure: past the configured limits the real server answers 503 with Retry-After at once (the envelope on
 * API paths, plain text elsewhere, the security headers on both), while health and metrics still answer and readiness
 * says the process is overloaded; the first sample after the start (the start's own work) and a background job's own
 * work never make it refuse; the default limits do not trip on a blocked event loop that a busy test suite can cause.
 * The servers below sample only when a test says so (`built.pressure.sample()`), never on their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as delay } from 'node:timers/promises';
import { JobStatus } from '../../generated/enums';
import { Messages } from '../../src/shared/messages';
import { ResultCode } from '../../src/shared/envelope';
import { loadConfig, type PressureConfig } from '../../src/server/core/config';
import { dialects, startServer, type TestServer } from './helpers';

const defaults = loadConfig({}).pressure;
/** Limits that only a test's `sample()` applies: the timer's first sample would come in an hour. */
const pressure = (limits: Partial<PressureConfig>): PressureConfig => ({
  ...defaults,
  sampleInterval: 3_600_000,
  ...limits,
});

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, text: await res.text() };
};

/** Keeps this process (the server's too) from answering anything for `ms`. */
const block = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* busy */
  }
};

/**
 * A sample that saw the event loop held: a few readings of the delay are taken after it. The sample's mean delay also
 * counts the on-time readings (one per 10 ms) since `since`, when the sample began: the hold outweighs them however
 * long ago that was.
 */
const blockedSample = async (s: TestServer, since: number) => {
  block(300 + 5 * (performance.now() - since));
  await delay(3 * 10);
  return s.built.pressure.sample();
};

/** Queues an import job of `rows` new members of the shop (usernames `${prefix}0`…) and returns its id. */
const queueMemberImport = async (s: TestServer, token: string, shopId: number, rows: number, prefix: string) => {
  const csv = ['username,country,shopId', ...Array.from({ length: rows }, (_, i) => `${prefix}${i},US,${shopId}`)];
  const res = await fetch(`${s.base}/member/import/job`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv.join('\n'),
  });
  const job = (await res.json()) as { code: number; data: { id: number } };
  expect(job.code, JSON.stringify(job)).toBe(200);
  return job.data.id;
};

describe.each(dialects)('back-pressure on %s', (dialect) => {
  let heavy: TestServer;
  beforeAll(async () => {
    // Any heap is over one byte: under pressure from the second sample on (the first is the start's).
    heavy = await startServer({
      dialect,
      config: { pressure: pressure({ maxHeapUsedBytes: 1, retryAfter: 7 }), metricsToken: 'm' },
    });
    heavy.built.pressure.sample();
    heavy.built.pressure.sample();
  });
  afterAll(async () => heavy?.close());

  it('refuses API calls with 503, Retry-After, the envelope and the security headers', async () => {
    for (const path of ['/api/admin/login', '/api/product/list', '/api/no-such-path']) {
      const r = await get(`${heavy.url}${path}`);
      expect(r.status, path).toBe(503);
      expect(r.headers.get('retry-after'), path).toBe('7');
      expect(r.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(r.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(JSON.parse(r.text), path).toEqual({ code: ResultCode.FAILED, message: Messages.busy, data: null });
    }
  });

  it('refuses UI pages with a plain 503', async () => {
    const r = await get(`${heavy.url}/products`);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.text).toBe(Messages.busy);
  });

  it('still answers health and metrics; readiness answers 503, overloaded', async () => {
    expect((await get(`${heavy.url}/api/health`)).status).toBe(200);
    const ready = await get(`${heavy.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({
      status: 'unavailable',
      database: true,
      migrations: true,
      shuttingDown: false,
      overloaded: true,
    });
    const m = await fetch(`${heavy.url}/api/metrics`, { headers: { authorization: 'Bearer m' } });
    expect(m.status).toBe(200);
    // The refusals are counted like any answer.
    expect(await m.text()).toMatch(/http_requests_total\{[^}]*status="503"[^}]*\} [1-9]/);
  });
});

/** An import job holds the event loop for 200 ms at a time (one batch: all of its rows). */
const JOBS = { ...loadConfig({}).jobs, poll: 50, batch: 100_000, slice: 200 };

describe.each(dialects)('what counts as load on %s', (dialect) => {
  let tight: TestServer;
  /** A time no later than the server's sampling began, then when its last sample was taken (about). */
  let sampledAt = 0;
  const blocked = async () => {
    const sample = await blockedSample(tight, sampledAt);
    sampledAt = performance.now();
    return sample;
  };
  beforeAll(async () => {
    // Taken before the start: the server's sampling begins inside it (when it is ready), and on a loaded machine the
    // time from then to startServer's return was enough readings (about 100 ms of them) to hide the first hold.
    sampledAt = performance.now();
    tight = await startServer({
      dialect,
      config: { pressure: pressure({ maxEventLoopDelay: 30 }) },
    });
    // No background work here: a job runner's look for queued jobs still under way when a sample begins (on
    // PostgreSQL, a query) leaves that sample unjudged if it is over, as a job may be what held the loop.
    await tight.built.jobs.stop();
  });
  afterAll(async () => tight?.close());

  const serves = async () => (await get(`${tight.base}/no-such-path`)).status === 200;
  const ready = async () => (await get(`${tight.base}/ready`)).status === 200;

  // First: the server's first sample is this one.
  it('does not refuse for the first sample after the start, the start’s own work', async () => {
    const first = await blocked();
    expect(first.eventLoopDelay).toBeGreaterThan(30);
    expect(tight.built.pressure.overloaded).toBe(false);
    expect(await serves()).toBe(true);
    expect(await ready()).toBe(true);
  });

  it('refuses once a sample saw the event loop held past the limit, then serves again', async () => {
    expect((await blocked()).overloaded).toBe(true);
    expect(await serves()).toBe(false);
    expect(await ready()).toBe(false);
    await delay(3 * 10);
    expect(tight.built.pressure.sample().overloaded).toBe(false);
    expect(await serves()).toBe(true);
    expect(await ready()).toBe(true);
  });

  it('judges a sample by its own time only: a hold judged by the last sample is not counted again', async () => {
    tight.built.pressure.sample();
    block(300);
    // No reading was taken during the hold: the one under way is how late the loop is.
    const held = tight.built.pressure.sample();
    expect(held.overloaded, JSON.stringify(held)).toBe(true);
    // The next sample, straight after, still has no reading, and nothing held the loop since the last one.
    expect(tight.built.pressure.sample().overloaded).toBe(false);
    expect(await serves()).toBe(true);
  });

  it('does not count a background job’s own work', async () => {
    // A server of its own, whose limit (60 ms) leaves room for a loaded machine's scheduling over the job's whole run
    // (32.7 ms was seen on a CI run at 30 ms); the job's slices (200 ms), were they counted, read far above it.
    const s = await startServer({ dialect, config: { pressure: pressure({ maxEventLoopDelay: 60 }), jobs: JOBS } });
    try {
      const token = await s.login('admin', 'admin123');
      const shopId = (await s.api('GET', '/shop/list', undefined, { token })).data.list[0].id;
      // The start's and the login's work held the loop: a sample ends there, and the next one starts now.
      s.built.pressure.sample();
      expect(s.built.pressure.sample().overloaded).toBe(false);
      const id = await queueMemberImport(s, token, shopId, 3000, 'pj');
      await expect
        .poll(async () => (await s.api('GET', `/job/${id}`, undefined, { token })).data.status, { timeout: 60_000 })
        .toBe(JobStatus.done);
      // The sample since the job was queued: its whole run, slices of up to 200 ms.
      const seen = s.built.pressure.sample();
      expect(seen.overloaded, JSON.stringify(seen)).toBe(false);
      expect((await get(`${s.base}/no-such-path`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('still refuses a hold that is not the job’s while a job runs, from the sample after the first one over', async () => {
    // Batches of 500 rows: the cancel at the end stops the job at the next one (it looks between batches).
    const jobs = { ...JOBS, batch: 500 };
    const s = await startServer({ dialect, config: { pressure: pressure({ maxEventLoopDelay: 60 }), jobs } });
    try {
      const token = await s.login('admin', 'admin123');
      const shopId = (await s.api('GET', '/shop/list', undefined, { token })).data.list[0].id;
      const id = await queueMemberImport(s, token, shopId, 20_000, 'ph');
      const status = async () => (await s.api('GET', `/job/${id}`, undefined, { token })).data.status;
      await expect.poll(status, { timeout: 30_000 }).toBe(JobStatus.running);
      let since = performance.now();
      s.built.pressure.sample();
      // Over the limit: a sample with the job's time not measured in it is not judged, and the next one measures it.
      await blockedSample(s, since);
      since = performance.now();
      const held = await blockedSample(s, since);
      expect(held.overloaded, JSON.stringify(held)).toBe(true);
      // Nothing held since: served again; the job ran through both samples.
      s.built.pressure.sample();
      expect(await status()).toBe(JobStatus.running);
      await s.api('POST', `/job/${id}/cancel`, undefined, { token });
    } finally {
      await s.close();
    }
  });
});

describe('back-pressure with the default limits', () => {
  let normal: TestServer;
  beforeAll(async () => {
    normal = await startServer();
  });
  afterAll(async () => normal?.close());

  it('does not trip on a 1.5 s block', async () => {
    block(1500);
    const r = await get(`${normal.base}/no-such-path`);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text).message).toBe(Messages.routeNotFound);
  });
});
