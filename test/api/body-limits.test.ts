/**
 * How large a body each route takes: small on the public (anonymous) routes, the JSON limit elsewhere, CSV only on
 * imports; what is over is refused in the envelope before it is read whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, IMPORT_LIMIT, PUBLIC_BODY_LIMIT } from '../../src/server/core/body';
import { registeredRoutes } from '../../src/server/core/route-registry';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('request body limits on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const post = async (path: string, body: string, type: string, tok?: string) => {
    const headers: Record<string, string> = { 'content-type': type };
    if (tok) headers.authorization = `Bearer ${tok}`;
    const res = await fetch(`${s.base}${path}`, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('refuses an anonymous body over the public limit on login, register and the referral click', async () => {
    const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(PUBLIC_BODY_LIMIT) });
    for (const path of ['/admin/login', '/admin/register', '/referralLink/click']) {
      expect(await post(path, big, 'application/json'), path).toEqual({
        code: 404,
        message: Messages.bodyTooLarge,
        data: null,
      });
    }
    // Without a Content-Length (chunked), reading stops once the limit is passed.
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const chunked = await fetch(`${s.base}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(await chunked.json()).toMatchObject({ code: 404, message: Messages.bodyTooLarge });
    // A real login still fits.
    expect((await post('/admin/login', '{"username":"admin","password":"admin123"}', 'application/json')).code).toBe(
      200,
    );
  });

  it('takes CSV only on imports, and only CSV there', async () => {
    const csv = 'username,password\nadmin,admin123\n';
    for (const [path, tok] of [
      ['/admin/login', undefined],
      ['/brand/create', token],
    ] as const) {
      const res = await post(path, csv, 'text/csv', tok);
      expect(res.code, path).toBe(404);
      expect(res.message, path).toMatch(/^Validation Failed: content-type: /);
    }
    // An import reads CSV whatever its parameters say.
    expect((await post('/member/import', 'username\n', 'text/csv; charset=utf-8', token)).message).toBe(
      'Validation Failed: body: the file has no rows under its header',
    );
    const json = await post('/member/import', '{"username":"x"}', 'application/json', token);
    expect(json.message).toBe('Validation Failed: body: send the CSV file as text/csv');
  });

  it('gives every registered route its limit: public small, imports the CSV limit, others the JSON limit', () => {
    const routes = registeredRoutes(s.built.app);
    expect(routes.filter((r) => r.csv).length).toBeGreaterThan(1);
    const wrong = routes.flatMap((r) => {
      // The import and the import queued as a background job (`/import/job`).
      const isImport = r.method === 'POST' && /\/import(\/job)?$/.test(r.path);
      const want = isImport ? IMPORT_LIMIT : r.public ? PUBLIC_BODY_LIMIT : BODY_LIMIT;
      return r.csv !== isImport || r.bodyLimit !== want ? [`${r.method} ${r.path}: ${r.bodyLimit} csv=${r.csv}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
