/**
 * Login and registration under attack: wrong passwords throttled per account and address (the owner elsewhere still
 * gets in), registration throttled per address, secrets refused in URLs, bcrypt's 72-byte limit refused rather than
 * cut, and no secret in a log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { redactUrl } from '../../src/server/core/secrets';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('login security on %s', (dialect) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer({ dialect, config: { registerLimit: 10 } });
  });
  afterAll(async () => s?.close());

  /** A login from `ip` (the server believes X-Forwarded-For from the local machine only). */
  async function login(username: string, password: string, ip: string) {
    const res = await fetch(`${s.base}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username, password }),
    });
    return {
      env: (await res.json()) as { code: number; message: string; data: any },
      retry: res.headers.get('retry-after'),
    };
  }

  it('stops guessing one account from one address, while the owner elsewhere logs in', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('seller', `guess${i}`, '10.0.0.1')).env.message).toBe(Messages.badCredentials);
    const blocked = await login('seller', 'seller123', '10.0.0.1'); // even the right password, from there
    expect(blocked.env).toMatchObject({ code: 500, message: Messages.tooManyAttempts });
    expect(blocked.env.data.retryAfter).toBeGreaterThan(0);
    expect(Number(blocked.retry)).toBeGreaterThan(0);
    expect((await login('seller', 'seller123', '10.0.0.2')).env.code).toBe(200);
    expect((await login('seller2', 'seller123', '10.0.0.1')).env.code).toBe(200);
  });

  it('counts unknown usernames like wrong passwords, and a success resets the run', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('ghost', 'x', '10.0.0.3')).env.message).toBe(Messages.badCredentials);
    expect((await login('ghost', 'x', '10.0.0.3')).env.message).toBe(Messages.tooManyAttempts);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await login('seller2', 'wrong', '10.0.0.4');
      expect((await login('seller2', 'seller123', '10.0.0.4')).env.code).toBe(200);
    }
  });

  it('refuses secrets in the URL, storing nothing', async () => {
    const res = await fetch(`${s.base}/admin/register?username=urlpass&password=secret123`, { method: 'POST' });
    expect(await res.json()).toMatchObject({
      code: 404,
      message: expect.stringMatching(/^Validation Failed: password: /),
    });
    const viaQuery = await fetch(`${s.base}/admin/login?username=admin&password=admin123`, { method: 'POST' });
    expect(((await viaQuery.json()) as { code: number }).code).toBe(404);
    expect((await login('urlpass', 'secret123', '10.0.0.5')).env.message).toBe(Messages.badCredentials);
    expect(redactUrl('/api/admin/login?username=a&password=p%20q&x=1')).toBe(
      '/api/admin/login?username=a&password=[hidden]&x=1',
    );
    expect(redactUrl('/api/shop/list?paypalSecret=abc&newPassword=n')).toBe(
      '/api/shop/list?paypalSecret=[hidden]&newPassword=[hidden]',
    );
  });

  it('refuses passwords past 72 bytes instead of cutting them', async () => {
    const long = '密码'.repeat(13); // 26 characters, 78 bytes
    const env = await s.api('POST', '/admin/register', { username: 'longpass', password: long });
    expect(env).toMatchObject({ code: 404, message: 'Validation Failed: password: must be at most 72 bytes' });
    expect((await login('longpass', long, '10.0.0.6')).env.message).toBe(Messages.badCredentials);
  });

  it('throttles registration per address', async () => {
    const register = (i: number, ip: string) =>
      fetch(`${s.base}/admin/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ username: `reg${ip.replace(/\./g, '')}x${i}`, password: 'secret123' }),
      }).then((r) => r.json() as Promise<{ code: number; message: string }>);
    for (let i = 0; i < 10; i++) expect((await register(i, '10.0.1.1')).code).toBe(200);
    expect(await register(10, '10.0.1.1')).toMatchObject({ code: 500, message: Messages.tooManyAttempts });
    expect((await register(11, '10.0.1.2')).code).toBe(200);
  });
});
