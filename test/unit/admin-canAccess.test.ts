import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entities } from '../../generated/entities';
import { authProvider } from '../../src/admin/providers/authProvider';
import { actions } from '../../generated/actions';
import { actionCall } from '../../src/admin/providers/actionCall';
import { clearSession } from '../../src/admin/providers/session';

let info: Record<string, unknown>;

beforeEach(() => {
  const store = new Map([['loginToken', 'Bearer t']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 200, message: 'Success', data: info })));
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const can = (resource: string, action: string, record?: { id: number }) =>
  authProvider.canAccess!({ resource, action, record });

describe('actionCall', () => {
  it('maps react-admin actions to the calls the dataProvider makes', () => {
    const { path } = entities.brand;
    expect(actionCall(path, 'list')).toEqual({ method: 'GET', path: `${path}/list`, write: false });
    expect(actionCall(path, 'show', 3)).toEqual({ method: 'GET', path: `${path}/3`, write: false });
    expect(actionCall(path, 'create')).toEqual({ method: 'POST', path: `${path}/create`, write: true });
    expect(actionCall(path, 'edit', 3)).toEqual({ method: 'POST', path: `${path}/update/3`, write: true });
    expect(actionCall(path, 'delete', 3)).toEqual({ method: 'POST', path: `${path}/delete/3`, write: true });
    expect(actionCall(path, `POST ${path}/update/showStatus`)).toEqual({
      method: 'POST',
      path: `${path}/update/showStatus`,
      write: true,
    });
    expect(actionCall(path, 'somethingElse')).toBeNull();
  });

  it('maps an action the resource declares to its generated call, its one path param filled by the id', () => {
    const { roles, grant } = { roles: actions.admin.roles, grant: actions.vipMembership.grant };
    expect(actionCall(entities.admin.path, 'roles', 7, 'admin')).toEqual({
      method: roles.method,
      path: roles.path.replace('{id}', '7'),
      write: false,
    });
    expect(actionCall(entities.vipMembership.path, 'grant', undefined, 'vipMembership')).toEqual({
      method: grant.method,
      path: grant.path,
      write: true,
    });
    // Another resource's action name is not this one's.
    expect(actionCall(entities.brand.path, 'grant', undefined, 'brand')).toBeNull();
  });
});

describe('authProvider.canAccess', () => {
  it('follows the granted patterns: a read-only grant lists and shows but does not write', async () => {
    info = { username: 'seller', roles: ['Seller'], menus: [], resources: ['GET /brand/**', '/product/**'] };
    expect(await can('brand', 'list')).toBe(true);
    expect(await can('brand', 'show', { id: 1 })).toBe(true);
    expect(await can('brand', 'create')).toBe(false);
    expect(await can('brand', 'edit', { id: 1 })).toBe(false);
    expect(await can('brand', 'delete', { id: 1 })).toBe(false);
    expect(await can('brand', `POST ${entities.brand.path}/update/showStatus`)).toBe(false);
    expect(await can('product', 'delete', { id: 1 })).toBe(true);
    expect(await can('member', 'list')).toBe(false);
  });

  it('offers a seller no write of platform-wide data, whatever its resources; platform staff keep them', async () => {
    const resources = ['/flashSession/**', '/brand/**', '/coupon/**'];
    info = { username: 'seller', roles: ['Seller'], menus: [], resources, platform: false };
    const { path } = entities.flashSession;
    expect(await can('flashSession', 'list')).toBe(true);
    expect(await can('flashSession', 'show', { id: 1 })).toBe(true);
    expect(await can('flashSession', 'create')).toBe(false);
    expect(await can('flashSession', 'edit', { id: 1 })).toBe(false);
    expect(await can('flashSession', 'delete', { id: 1 })).toBe(false);
    expect(await can('flashSession', `POST ${path}/update/status/1`)).toBe(false);
    expect(await can('brand', `POST ${entities.brand.path}/update/showStatus`)).toBe(false);
    // Its own shop's data (a tenant field) stays writable.
    expect(await can('coupon', 'create')).toBe(true);
    expect(await can('coupon', 'delete', { id: 1 })).toBe(true);
    clearSession();
    localStorage.setItem('loginToken', 'Bearer t');
    info = { username: 'operator', roles: ['Operator'], menus: [], resources, platform: true };
    expect(await can('flashSession', 'edit', { id: 1 })).toBe(true);
    expect(await can('flashSession', `POST ${path}/update/status/1`)).toBe(true);
  });

  it('lets the super admin do everything and leaves an upstream server (no resources) to decide', async () => {
    info = { username: 'admin', roles: ['Super admin'], menus: [], resources: ['/**'] };
    expect(await can('role', 'delete', { id: 1 })).toBe(true);
    clearSession(); // forgets the cached info (and the token)
    localStorage.setItem('loginToken', 'Bearer t');
    info = { username: 'admin', roles: ['Super admin'], menus: [] };
    expect(await can('role', 'delete', { id: 1 })).toBe(true);
  });
});

describe('anyUser calls with an id', () => {
  it('reach the id form only: /job/{id} opens /job/12, never another call of that shape', async () => {
    const { alwaysAllowed } = await import('../../src/shared/access-patterns');
    expect(alwaysAllowed('/job/12')).toBe(true);
    expect(alwaysAllowed('/job/12/cancel')).toBe(true);
    expect(alwaysAllowed('/job/:id/download')).toBe(true); // a route's own pattern (the guard's tenancy check)
    expect(alwaysAllowed('/job/listAll')).toBe(false);
    expect(alwaysAllowed('/job/12/other')).toBe(false);
    expect(alwaysAllowed('/admin/info')).toBe(true);
  });
});
