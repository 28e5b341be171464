import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP GET with exactly the headers given (fetch would add and undo its own accept-encoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decode = (r: Raw) => {
  switch (r.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(r.body).toString();
    case 'gzip':
      return zlib.gunzipSync(r.body).toString();
    default:
      return r.body.toString();
  }
};

const YEAR = 'public, max-age=31536000, immutable';

/** The built UI and the API as a browser gets them: compressed when accepted, hashed assets cached for good. */
describe('serving the UI and the API', () => {
  let s: TestServer;
  let ui: string;
  const script = `console.log(${JSON.stringify('x'.repeat(10))});\n`.repeat(400);
  const data = JSON.stringify({ list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) });

  beforeAll(async () => {
    ui = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-ui-'));
    fs.mkdirSync(path.join(ui, 'assets'));
    fs.writeFileSync(
      path.join(ui, 'index.html'),
      `<!doctype html><html><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`,
    );
    fs.writeFileSync(path.join(ui, 'assets', 'index-B1x2y3Z4.js'), script);
    fs.writeFileSync(path.join(ui, 'assets', 'countries-Qw_9-aZ1.json'), data);
    fs.writeFileSync(path.join(ui, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    s = await startServer({ config: { uiDir: ui } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(ui, { recursive: true, force: true });
  });

  it('compresses JavaScript and JSON when the client accepts it, and serves hashed assets immutable for a year', async () => {
    for (const [file, text] of [
      ['assets/index-B1x2y3Z4.js', script],
      ['assets/countries-Qw_9-aZ1.json', data],
    ]) {
      const br = await get(`${s.url}/${file}`, { 'accept-encoding': 'br, gzip' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.length).toBeLessThan(text.length / 4);
      expect(decode(br)).toBe(text);
      expect(br.headers['cache-control']).toBe(YEAR);
      const gz = await get(`${s.url}/${file}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decode(gz)).toBe(text);
      const plain = await get(`${s.url}/${file}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(text);
    }
  });

  it('serves index.html (directly and for client-side routes) and unhashed files as no-cache', async () => {
    for (const page of ['/', '/index.html', '/pms/product']) {
      const r = await get(`${s.url}${page}`, { 'accept-encoding': 'gzip' });
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(decode(r)).toContain('<div id="root">');
    }
    expect((await get(`${s.url}/favicon.svg`)).headers['cache-control']).toBe('no-cache');
  });

  it('compresses API JSON answers when the client accepts it', async () => {
    const token = await s.login('admin', 'admin123');
    const headers = { authorization: `Bearer ${token}` };
    const url = `${s.base}/product/list?pageSize=50`;
    const gz = await get(url, { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/application\/json/);
    const plain = await get(url, headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decode(gz))).toEqual(JSON.parse(plain.body.toString()));
    expect(JSON.parse(decode(gz)).data.list).toHaveLength(50);
  });
});

describe('security headers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('sends a script-tight CSP, no framing, nosniff and no referrer on API answers, envelopes included', async () => {
    for (const url of [`${s.base}/demo`, `${s.base}/no/such/path`, `${s.url}/login`]) {
      const r = await get(url);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});
