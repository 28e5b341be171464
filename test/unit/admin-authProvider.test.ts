import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/admin/providers/authProvider';
import { onSessionExpired } from '../../src/admin/providers/sessionExpired';

let store: Map<string, string>;
let answers: Record<string, unknown>;
let bodies: Record<string, unknown>;

beforeEach(() => {
  store = new Map();
  bodies = {};
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
    if (init.body) bodies[path] = JSON.parse(init.body as string);
    return new Response(JSON.stringify(answers[path] ?? { code: 404, message: 'Not found', data: null }));
  });
});
afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => ({ code: 200, message: 'Success', data });

describe('authProvider', () => {
  it('logs in with a trimmed username and stores tokenHead + token', async () => {
    answers = { '/admin/login': ok({ token: 't0k', tokenHead: 'Bearer ' }) };
    await authProvider.login({ username: '  admin ', password: 'admin123' });
    expect(bodies['/admin/login']).toEqual({ username: 'admin', password: 'admin123' });
    expect(store.get('loginToken')).toBe('Bearer t0k');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('rejects checkAuth without a token', async () => {
    await expect(authProvider.checkAuth({})).rejects.toThrow();
  });

  it('reads roles and menus from /admin/info, refusing an empty role list', async () => {
    store.set('loginToken', 'Bearer a');
    answers = { '/admin/info': ok({ username: 'admin', icon: '', roles: ['Super admin'], menus: [{ name: 'pms' }] }) };
    expect(await authProvider.getPermissions!({})).toEqual({
      roles: ['Super admin'],
      menus: [{ name: 'pms' }],
      platform: false,
    });
    expect(await authProvider.getIdentity!()).toMatchObject({ id: 'admin', fullName: 'admin' });

    // A new login drops the cached info.
    answers = {
      '/admin/login': ok({ token: 'b', tokenHead: 'Bearer ' }),
      '/admin/info': ok({ username: 'x', roles: [], menus: [] }),
    };
    await authProvider.login({ username: 'x', password: 'y' });
    const error = await authProvider.getPermissions!({}).catch((e) => e);
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: '/login' });
    expect(store.has('loginToken')).toBe(false);
  });

  it('answers 401 with the Confirm-logout signal, not a logout; 403 only with a toast', async () => {
    const seen = vi.fn();
    const off = onSessionExpired(seen);
    await expect(authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    off();
    expect(seen).toHaveBeenCalledOnce();
  });

  it('keeps the session when /admin/info fails on the network (a blip is not a logout)', async () => {
    answers = { '/admin/login': ok({ token: 'n', tokenHead: 'Bearer ' }) };
    await authProvider.login({ username: 'net', password: 'y' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await authProvider.getPermissions!({}).catch((e) => e);
    expect(error).toMatchObject({ status: 0, message: 'app.error.network' });
    await expect(authProvider.checkError(error)).resolves.toBeUndefined();
    expect(store.get('loginToken')).toBe('Bearer n');
  });

  it('keeps the session when a gateway cannot reach the server (502–504: a restart, not a logout)', async () => {
    answers = { '/admin/login': ok({ token: 'g', tokenHead: 'Bearer ' }) };
    await authProvider.login({ username: 'gate', password: 'y' });
    for (const status of [502, 503, 504]) {
      vi.stubGlobal('fetch', async () => new Response('Bad Gateway', { status }));
      const error = await authProvider.getPermissions!({}).catch((e) => e);
      expect(error).toMatchObject({ status });
      await expect(authProvider.checkError(error)).resolves.toBeUndefined();
      expect(store.get('loginToken')).toBe('Bearer g');
    }
  });
});
