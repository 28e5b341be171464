/**
 * Every API route the server registers (read from the running app, not a hand list) called as (a) no token,
 * (b) an account whose role has no resource, (c) another seller on tenant entities, (d) a seller writing
 * platform-wide data; no table may change. A route
 * added later without the guard, or a tenant route that forgets the scope, fails here by itself.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { ALWAYS_ALLOWED } from '../../src/server/core/access';
import { registeredRoutes, type RouteInfo } from '../../src/server/core/route-registry';
import { dynamic } from '../../src/server/core/crud/dynamic';
import { runtimeOf } from '../../src/server/core/crud/runtime';
import type { Envelope } from '../../src/shared/envelope';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

/** The only routes reachable without a token (uploaded images are served to <img> tags). */
const PUBLIC = [
  'GET /demo',
  'GET /demo/:name',
  'POST /admin/login',
  'POST /admin/register',
  'GET /uploads/:name',
  'POST /referralLink/click',
];
/** Reachable by any logged-in account whatever its resources: own session and own VIP status. */
/** An ANY_ACCOUNT entry as the route's path reads (`/job/{id}` → `/job/:id`). */
const anyAccount = (path: string) => ANY_ACCOUNT.includes(path.replace(/:(\w+)/g, '{$1}'));

const ANY_ACCOUNT = [
  '/admin/info',
  '/admin/logout',
  '/admin/refreshToken',
  '/admin/updatePassword',
  '/vip/plans',
  '/vip/status',
  '/vip/pay',
  // Background jobs: each account sees and cancels its own (the handlers scope them).
  '/job/list',
  '/job/{id}',
  '/job/{id}/cancel',
  '/job/{id}/download',
];

const keyOf = (r: RouteInfo) => `${r.method} ${r.path}`;
const fill = (path: string, value: number | string) => path.replace(/:[^/]+/g, String(value)).replace(/\*/g, 'x');
const hasParams = (path: string) => /:[^/]+/.test(path);

/** The generated entity a route belongs to: the longest entity path the route path starts with. */
function entityOf(path: string) {
  return Object.values(entities)
    .filter((m) => !m.internal && (path === m.path || path.startsWith(`${m.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

describe.each(dialects)('route matrix on %s', (dialect) => {
  let s: TestServer;
  let routes: RouteInfo[];
  const tokens: Record<string, string> = {};

  /** sha1 of every table's rows, by table. */
  async function snapshot(): Promise<Map<string, string>> {
    const k = s.built.db.kysely;
    const tables =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(k)).rows.map(
            (r) => r.name,
          )
        : (
            await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(k)
          ).rows.map((r) => r.name);
    const out = new Map<string, string>();
    // The throttles' counters (PostgreSQL keeps them in a table, SQLite in memory) are no record: they expire and are
    // swept on their own clock.
    for (const t of tables.filter((name) => name !== 'throttle_counts').sort()) {
      const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)}`.execute(k)).rows
        .map((r) => JSON.stringify(r))
        .sort();
      out.set(t, crypto.createHash('sha1').update(rows.join('\n')).digest('hex'));
    }
    return out;
  }

  async function expectUnchanged(before: Map<string, string>) {
    const after = await snapshot();
    const changed = [...after.keys()].filter((t) => after.get(t) !== before.get(t));
    expect(changed, 'tables changed').toEqual([]);
  }

  const call = async (
    r: RouteInfo,
    path: string,
    token: string | undefined,
    params: Record<string, string | number>,
  ) => {
    // A list's CSV export answers a file: its data rows (after the header) stand for the data.
    if (r.path.endsWith('/export')) {
      const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const res = await s.fetch(`${s.base}${path}?${query}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!/text\/csv/.test(res.headers.get('content-type') ?? '')) return (await res.json()) as Envelope<any>;
      const lines = (await res.text()).trim().split('\n').slice(1);
      return { code: 200, message: 'Success', data: lines } as Envelope<any>;
    }
    return s.api(r.method, path, r.method === 'GET' ? undefined : params, { token, query: params });
  };

  beforeAll(async () => {
    s = await startServer({ dialect });
    tokens.admin = await s.login('admin', 'admin123');
    const admin = (method: string, path: string, body?: unknown) => s.api(method, path, body, { token: tokens.admin });
    const role = await admin('POST', '/role/create', { name: 'Nobody', description: 'no resources', status: 1 });
    const account = await s.api('POST', '/admin/register', { username: 'nobody', password: 'secret123' });
    await s.api(
      'POST',
      '/admin/role/update',
      { adminId: account.data.id, roleIds: String(role.data.id) },
      { token: tokens.admin, form: true },
    );
    tokens.nobody = await s.login('nobody', 'secret123');
    tokens.seller = await s.login('seller', 'seller123');
    tokens.seller2 = await s.login('seller2', 'seller123');
    routes = registeredRoutes(s.built.app);
  });
  afterAll(async () => s?.close());

  it('reads the routes from the app and knows its public ones', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map(keyOf)).toEqual(
      expect.arrayContaining(['GET /brand/list', 'POST /shop/create', 'GET /member/:id']),
    );
    expect(
      routes
        .filter((r) => r.public)
        .map(keyOf)
        .sort(),
    ).toEqual([...PUBLIC].sort());
    expect([...ALWAYS_ALLOWED].sort()).toEqual([...ANY_ACCOUNT].sort());
  });

  it('(a) answers 401 to every non-public route without a token; nothing changes', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const r of routes) {
      const env = await call(r, fill(r.path, 1), undefined, { ids: 1 });
      if (!r.public && env.code !== 401) wrong.push(`${keyOf(r)} → ${env.code}`);
    }
    expect(wrong).toEqual([]);
    await expectUnchanged(before);
  });

  it('(b) answers 403 to an account whose role has no resource; nothing changes', async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    // Logout is tried last, on a token of its own: it ends the account's tokens, a change of its own.
    for (const r of routes.filter((x) => !x.public && x.path !== '/admin/logout')) {
      const env = await call(r, fill(r.path, 1), tokens.nobody, { ids: 1 });
      const expected = anyAccount(r.path) ? env.code !== 403 && env.code !== 401 : env.code === 403;
      if (!expected) wrong.push(`${keyOf(r)} → ${env.code}`);
    }
    expect(wrong).toEqual([]);
    await expectUnchanged(before);
    const own = await s.login('nobody', 'secret123');
    expect((await s.api('POST', '/admin/logout', undefined, { token: own })).code).toBe(200);
  });

  it("(c) shows another seller nothing of the seller's shops and changes nothing", async () => {
    const k = s.built.db.kysely;
    const seller = await k
      .selectFrom('ums_admin')
      .select('id')
      .where('username', '=', 'seller')
      .executeTakeFirstOrThrow();
    const sellerId = Number(seller.id);
    const shopIds = (await k.selectFrom('ums_shop').select('id').where('seller_id', '=', sellerId).execute()).map((r) =>
      Number(r.id),
    );
    expect(shopIds.length).toBeGreaterThan(0);
    // One id of the seller's rows per tenant entity: every id-taking route is tried with each.
    const ids: number[] = [];
    for (const m of Object.values(entities).filter((e) => e.tenant)) {
      const col = m.tenant === 'id' ? 'id' : m.fields.find((f) => f.name === m.tenant)!.column;
      const row = await dynamic(k)
        .selectFrom(runtimeOf(m).table)
        .select('id')
        .where(col, 'in', shopIds)
        .orderBy('id')
        .executeTakeFirst();
      if (row && !ids.includes(Number(row.id))) ids.push(Number(row.id));
    }
    const leaks = (v: unknown): boolean => {
      if (Array.isArray(v)) return v.some(leaks);
      if (!v || typeof v !== 'object') return false;
      const o = v as Record<string, unknown>;
      if (shopIds.includes(Number(o.shopId)) || Number(o.sellerId) === sellerId) return true;
      return Object.values(o).some(leaks);
    };
    const empty = (d: any) =>
      d === null ||
      d === undefined ||
      d === 0 ||
      (Array.isArray(d) && !d.length) ||
      (Array.isArray(d?.list) && !d.list.length);
    // Starting a background job (`/export/job`) queues a row of the caller's own; its scope: test/api/jobs.test.ts.
    const tenantRoutes = routes.filter(
      (r) => !r.public && entityOf(r.path)?.tenant && !r.path.endsWith('/create') && !r.path.endsWith('/job'),
    );
    expect(tenantRoutes.length).toBeGreaterThan(10);

    const before = await snapshot();
    const wrong: string[] = [];
    for (const r of tenantRoutes) {
      const batchParam = /\/update\/([A-Za-z]+)$/.exec(r.path)?.[1];
      for (const id of ids) {
        const values = batchParam ? ['0', '1', '2'] : [''];
        for (const value of values) {
          const params: Record<string, string | number> = { ids: id, shopId: shopIds[0], keyword: '' };
          if (batchParam) params[batchParam] = value;
          if (r.path.includes('/update/:'))
            Object.assign(params, { name: 'Changed', username: 'changed', shopName: 'Changed' });
          const env = await call(r, fill(r.path, id), tokens.seller2, params);
          const byId = hasParams(r.path) || batchParam || r.path.includes('/delete') || r.path.endsWith('/export');
          if (leaks(env.data) || (byId && env.code === 200 && !empty(env.data))) {
            wrong.push(`${keyOf(r)} id=${id} → ${env.code} ${JSON.stringify(env.data).slice(0, 120)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    await expectUnchanged(before);
  });

  it('(d) refuses a seller every write of platform-wide data, whatever its role grants; nothing changes', async () => {
    const k = s.built.db.kysely;
    const admin = (method: string, path: string, body?: unknown) =>
      s.api(method, path, body, { token: tokens.admin, form: true });
    // The Seller role granted every resource: only the tenancy rule stands between the seller and these writes.
    const roles = (await admin('GET', '/role/listAll')).data as { id: number; name: string }[];
    const sellerRole = roles.find((r) => r.name === 'Seller')!;
    const resources = (await admin('GET', '/resource/listAll')).data as { id: number }[];
    const alloc = await admin('POST', '/role/allocResource', {
      roleId: sellerRole.id,
      resourceIds: resources.map((r) => r.id).join(','),
    });
    expect(alloc.code).toBe(200);
    const token = await s.login('seller', 'seller123');

    const writes = routes.filter((r) => {
      const e = entityOf(r.path);
      return r.write && !r.public && e && !e.tenant && !anyAccount(r.path);
    });
    expect(writes.map(keyOf)).toEqual(
      expect.arrayContaining([
        'POST /flashSession/update/status/:id',
        'POST /flashSession/create',
        'POST /brand/update/showStatus',
        'POST /home/brand/create',
        'POST /productCategory/update/:id',
      ]),
    );
    const before = await snapshot();
    const wrong: string[] = [];
    for (const r of writes) {
      // The entity's first row, so a write let through would change it.
      const row = await dynamic(k)
        .selectFrom(runtimeOf(entityOf(r.path)!).table)
        .select('id')
        .orderBy('id')
        .executeTakeFirst();
      const id = Number(row?.id ?? 1);
      const field = /\/update\/([A-Za-z]+)$/.exec(r.path)?.[1] ?? 'status';
      for (const value of [0, 1]) {
        const params = { ids: id, [field]: value, status: value, name: 'Changed by a seller', sort: 7 };
        const env = await call(r, fill(r.path, id), token, params);
        if (env.code !== 403 || env.message !== Messages.forbidden)
          wrong.push(`${keyOf(r)} → ${env.code} ${env.message}`);
      }
    }
    expect(wrong).toEqual([]);
    await expectUnchanged(before);
    // The seller's own account stays its own: a password change is checked, not refused.
    const own = { oldPassword: 'seller123', newPassword: 'seller456' };
    expect((await s.api('POST', '/admin/updatePassword', own, { token })).code).toBe(200);
  });
});
