/**
 * One scrape per host: with `WORKERS=2` the primary aggregates its workers' metrics (prom-client's
 * AggregatorRegistry), so `/api/metrics` through the shared port counts the requests every worker answered, whichever
 * worker takes the scrape. Each connection below is new, so the primary hands them to the workers in turn.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from './harness';

const TOKEN = 'scrape-token';
let server: Running;

beforeAll(async () => {
  server = await startServer({ WORKERS: '2', LOG: '0', METRICS_TOKEN: TOKEN });
  for (let waited = 0; !/2 worker processes serve port/.test(server.log()); waited += 100) {
    if (waited > 60_000) throw new Error(`the second worker did not start:\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);
afterAll(async () => server?.stop());

/** A GET on a connection of its own (no keep-alive): the HTTP status and the body. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The value of one series in Prometheus text (0 when absent). */
const series = (text: string, line: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${line} `))
      ?.slice(line.length + 1) ?? 0,
  );

describe('metrics of two worker processes', () => {
  it('answers for both workers in every scrape of the port', async () => {
    const health = 'http_requests_total{method="GET",route="/api/health",status="200",code=""}';
    for (let i = 0; i < 20; i++) expect((await get('/api/health')).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const scrape = await get('/api/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(scrape.status).toBe(200);
      expect(series(scrape.text, health)).toBe(20);
      // One series a metric, not one per worker: help and type once.
      expect(scrape.text.match(/^# TYPE http_requests_total /gm)).toHaveLength(1);
    }
  });
});
