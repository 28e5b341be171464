/**
 * `GET /api/metrics`: Prometheus text behind a bearer token (no route at all without one), with requests by route
 * pattern and status, latency histograms, database statement times, cache hits, the process's default metrics and
 * the jobs gauge; one registry per app, so several apps live in one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

const TOKEN = 'scrape-secret';

/** The sample of `name` whose labels include every one given (undefined when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (m[3] ?? '').includes(`${k}="${v}"`));
    if (has) return Number(m[4]);
  }
  return undefined;
}

describe.each(dialects)('metrics on %s', (dialect) => {
  let s: TestServer;
  let other: TestServer;
  let token: string;
  const scrape = async (authorization?: string) => {
    const res = await fetch(`${s.base}/metrics`, { headers: authorization ? { authorization } : {} });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  beforeAll(async () => {
    s = await startServer({ dialect, config: { metricsToken: TOKEN } });
    // A second app with metrics in the same process: its own registry, no "already registered".
    other = await startServer({ dialect, config: { metricsToken: TOKEN } });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => {
    await s?.close();
    await other?.close();
  });

  it('refuses a scrape without the token, or with another one', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const r = await scrape(auth);
      expect(r.status, String(auth)).toBe(401);
      expect(r.text).not.toMatch(/http_requests_total/);
    }
  });

  it('answers Prometheus text with the default process metrics and the jobs gauge', async () => {
    const r = await scrape(`Bearer ${TOKEN}`);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(r.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(r.text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(r.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(sample(r.text, 'jobs', { kind: 'import', state: 'running' })).toBe(0);
    expect(sample(r.text, 'jobs', { kind: 'export', state: 'queued' })).toBe(0);
  });

  it('counts requests by route pattern, status and envelope code, with latencies', async () => {
    const list = (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 2 } })).data.list;
    for (const p of list) await s.api('GET', `/product/updateInfo/${p.id}`, undefined, { token });
    await s.api('GET', '/no-such-path');
    const text = (await scrape(`Bearer ${TOKEN}`)).text;
    const route = { method: 'GET', route: '/api/product/updateInfo/:id', status: '200' };
    expect(sample(text, 'http_requests_total', { ...route, code: '200' })).toBe(list.length);
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(list.length);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(list.length);
    // One series per route, never per raw URL.
    expect(text).not.toMatch(/updateInfo\/\d/);
    expect(sample(text, 'http_requests_total', { route: 'unmatched', code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { route: '/api/admin/login', code: '200' })).toBe(1);
  });

  it('times database statements by dialect and kind', async () => {
    await s.api('GET', '/brand/list', undefined, { token, query: { pageSize: 1 } });
    const text = (await scrape(`Bearer ${TOKEN}`)).text;
    expect(sample(text, 'db_query_duration_seconds_count', { dialect, kind: 'select' })).toBeGreaterThan(0);
    expect(sample(text, 'db_query_duration_seconds_sum', { dialect, kind: 'select' })).toBeGreaterThan(0);
  });

  it('counts cache hits and misses of list totals and accounts', async () => {
    // A full page: its total is counted (a short page tells it without counting), then cached.
    const query = { pageSize: 1, pageNum: 2 };
    await s.api('GET', '/brand/list', undefined, { token, query });
    const before = sample((await scrape(`Bearer ${TOKEN}`)).text, 'cache_lookups_total', {
      cache: 'list_counts',
      result: 'hit',
    });
    await s.api('GET', '/brand/list', undefined, { token, query });
    const text = (await scrape(`Bearer ${TOKEN}`)).text;
    expect(sample(text, 'cache_lookups_total', { cache: 'list_counts', result: 'hit' })).toBe((before ?? 0) + 1);
    expect(sample(text, 'cache_lookups_total', { cache: 'list_counts', result: 'miss' })).toBeGreaterThan(0);
    expect(sample(text, 'cache_lookups_total', { cache: 'auth_users', result: 'hit' })).toBeGreaterThan(0);
  });
});

describe('metrics without a token configured', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('has no metrics route: the unknown-path envelope', async () => {
    const res = await fetch(`${s.base}/metrics`, { headers: { authorization: 'Bearer ' } });
    expect((await res.json()).message).toBe(Messages.routeNotFound);
    expect(s.built.metrics).toBeUndefined();
  });
});
