/**
 * Every answer carries the security headers (core/headers.ts), the early ones too: refused before any route ran (an
 * unknown path, a body too large, of an unknown type or that does not parse, no token, a URL that does not decode,
 * a request line that is not HTTP) as much as a route's own answer.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../src/server/core/body';
import { dialects, startServer, type TestServer } from './helpers';

/** The headers of a raw HTTP exchange, lower-cased (for what fetch would refuse to send). */
function raw(url: string, request: string): Promise<Record<string, string>> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    socket.setEncoding('utf8');
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = ''] = text.split('\r\n\r\n', 1);
      const lines = head.split('\r\n').slice(1);
      resolve(
        Object.fromEntries(lines.map((l) => [l.split(':', 1)[0]!.toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])),
      );
    });
  });
}

describe.each(dialects)('security headers on early answers on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ dialect });
  });
  afterAll(async () => s?.close());

  const json = { 'content-type': 'application/json' };
  const cases: [string, () => Promise<Record<string, string>>][] = [
    ['an unknown API path', () => fetched('/api/no-such-path')],
    ['an unknown page', () => fetched('/no-such-page')],
    ['no token', () => fetched('/api/brand/list')],
    [
      'a body too large',
      () => fetched('/api/admin/login', { method: 'POST', headers: json, body: 'x'.repeat(BODY_LIMIT + 1) }),
    ],
    [
      'a body of an unknown type',
      () =>
        fetched('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' }),
    ],
    ['a body that does not parse', () => fetched('/api/admin/login', { method: 'POST', headers: json, body: '{' })],
    [
      'a URL that does not decode',
      () => raw(s.url, 'GET /api/brand/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    ],
    ['a request that is not HTTP', () => raw(s.url, 'HELLO\r\n\r\n')],
  ];
  const fetched = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${s.url}${path}`, init);
    await res.arrayBuffer();
    return Object.fromEntries(res.headers);
  };

  it.each(cases)('on %s', async (_what, answer) => {
    const headers = await answer();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
  });
});
