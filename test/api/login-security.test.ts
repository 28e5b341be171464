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

  it('blocks one account from one address for five minutes after five wrong passwords', async () => {
    for (let i = 0; i < 5; i++) await login('operator', `guess${i}`, '10.0.2.1');
    const blocked = await login('operator', 'operator123', '10.0.2.1');
    expect(blocked.env).toMatchObject({ code: 500, message: Messages.tooManyAttempts });
    // The pair's block, not what is left of the 15-minute window the failures are counted in.
    expect(blocked.env.data.retryAfter).toBeGreaterThan(0);
    expect(blocked.env.data.retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(Number(blocked.retry)).toBe(blocked.env.data.retryAfter);
  });

  it('counts guesses sent at once before any is answered', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login('operator', `burst${i}`, '10.0.2.2')));
    const wrong = answers.filter((a) => a.env.message === Messages.badCredentials).length;
    expect(wrong).toBe(5);
    expect(answers.filter((a) => a.env.message === Messages.tooManyAttempts)).toHaveLength(7);
  });

  it('never locks the owner out: a guess spread over many addresses leaves a fresh address its right password', async () => {
    for (let a = 1; a <= 6; a++) {
      for (let i = 0; i < 5; i++) await login('admin', `guess${a}x${i}`, `10.0.3.${a}`);
    }
    expect((await login('admin', 'admin123', '10.0.3.100')).env.code).toBe(200);
    // Past 30 wrong passwords for the account, an address that guessed wrong once is refused for it, even the right
    // password, while another address still gets in.
    expect((await login('admin', 'wrong', '10.0.3.7')).env.message).toBe(Messages.badCredentials);
    const refused = await login('admin', 'admin123', '10.0.3.7');
    expect(refused.env).toMatchObject({ code: 500, message: Messages.tooManyAttempts });
    expect(refused.env.data.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await login('admin', 'admin123', '10.0.3.101')).env.code).toBe(200);
  });

  it('stops one address guessing over many accounts, for 15 minutes', async () => {
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(`nobody${batch}x${i}`, 'guess', '10.0.4.1')),
      );
      for (const a of answers) expect(a.env.message).toBe(Messages.badCredentials);
    }
    const blocked = await login('seller2', 'seller123', '10.0.4.1'); // another account, the right password
    expect(blocked.env).toMatchObject({ code: 500, message: Messages.tooManyAttempts });
    expect(blocked.env.data.retryAfter).toBeGreaterThan(0);
    expect(blocked.env.data.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await login('seller2', 'seller123', '10.0.4.2')).env.code).toBe(200);
  }, 180_000); // 101 bcrypt comparisons on a busy machine

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
