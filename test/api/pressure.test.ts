/**
 * Back-pressure: past the configured limits the real server answers 503 with Retry-After at once (the envelope on
 * API paths, plain text elsewhere), while health, readiness and metrics still answer; the default limits do not trip
 * on a blocked event loop that a busy test suite can cause.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as delay } from 'node:timers/promises';
import { Messages } from '../../src/shared/messages';
import { ResultCode } from '../../src/shared/envelope';
import { loadConfig, type PressureConfig } from '../../src/server/core/config';
import { dialects, startServer, type TestServer } from './helpers';

const defaults = loadConfig({}).pressure;
const pressure = (limits: Partial<PressureConfig>): PressureConfig => ({ ...defaults, ...limits });

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

describe.each(dialects)('back-pressure on %s', (dialect) => {
  let heavy: TestServer;
  beforeAll(async () => {
    // Any heap is over one byte: under pressure from the first sample on, deterministically.
    heavy = await startServer({
      dialect,
      config: { pressure: pressure({ maxHeapUsedBytes: 1, sampleInterval: 10, retryAfter: 7 }), metricsToken: 'm' },
    });
    await delay(50);
  });
  afterAll(async () => heavy?.close());

  it('refuses API calls with 503, Retry-After and the envelope', async () => {
    for (const path of ['/api/admin/login', '/api/product/list', '/api/no-such-path']) {
      const r = await get(`${heavy.url}${path}`);
      expect(r.status, path).toBe(503);
      expect(r.headers.get('retry-after'), path).toBe('7');
      expect(r.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(JSON.parse(r.text), path).toEqual({ code: ResultCode.FAILED, message: Messages.busy, data: null });
    }
  });

  it('refuses UI pages with a plain 503', async () => {
    const r = await get(`${heavy.url}/products`);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(r.text).toBe(Messages.busy);
  });

  it('still answers health, readiness and metrics', async () => {
    expect((await get(`${heavy.url}/api/health`)).status).toBe(200);
    expect((await get(`${heavy.url}/api/ready`)).status).toBe(200);
    const m = await fetch(`${heavy.url}/api/metrics`, { headers: { authorization: 'Bearer m' } });
    expect(m.status).toBe(200);
    // The refusals are counted like any answer.
    expect(await m.text()).toMatch(/http_requests_total\{[^}]*status="503"[^}]*\} [1-9]/);
  });
});

describe('back-pressure on event-loop delay', () => {
  let tight: TestServer;
  let normal: TestServer;
  beforeAll(async () => {
    tight = await startServer({ config: { pressure: pressure({ maxEventLoopDelay: 30, sampleInterval: 20 }) } });
    normal = await startServer();
  });
  afterAll(async () => {
    await tight?.close();
    await normal?.close();
  });

  /** Whether the tight server serves again within a few seconds (a start just blocked the loop too). */
  const serves = async () => {
    for (let i = 0; i < 60; i++) {
      if ((await get(`${tight.base}/no-such-path`)).status === 200) return true;
      await delay(50);
    }
    return false;
  };

  it('answers 503 right after the event loop was blocked past the limit, then serves again', async () => {
    expect(await serves()).toBe(true);
    const seen: number[] = [];
    // The reading is taken every 20 ms: a slow machine may let one pass before the request is read; try a few times.
    for (let i = 0; i < 5 && !seen.includes(503); i++) {
      block(300);
      const [api, health] = await Promise.all([get(`${tight.base}/no-such-path`), get(`${tight.base}/health`)]);
      seen.push(api.status);
      expect(health.status).toBe(200);
    }
    expect(seen).toContain(503);
    expect(await serves()).toBe(true);
  });

  it('does not trip on such a block with the default limits', async () => {
    block(1500);
    const r = await get(`${normal.base}/no-such-path`);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text).message).toBe(Messages.routeNotFound);
  });
});
