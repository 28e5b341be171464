import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIP_PLANS } from '../../src/shared/constants';
import { Messages } from '../../src/shared/messages';
import { addMonths } from '../../src/server/domains/vip/service';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('VIP on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as = (who: string) => (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: t[who], query });
  const idOf = async (username: string) =>
    (
      await s.built.db.kysely
        .selectFrom('ums_admin')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id as number;

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
      ['operator', 'operator123'],
    ]) {
      t[u] = await s.login(u, p);
    }
  });
  afterAll(async () => s?.close());

  it('shows the six plans in USD to any logged-in account', async () => {
    for (const who of ['seller2', 'operator']) {
      const env = await as(who)('GET', '/vip/plans');
      expect(env.data).toEqual(VIP_PLANS.map((p) => ({ ...p, currency: 'USD' })));
    }
    expect((await s.api('GET', '/vip/plans')).code).toBe(401);
  });

  it("answers the caller's active membership, or null", async () => {
    const mine = (await as('seller')('GET', '/vip/status')).data;
    expect(mine.plan).toBe('1y');
    expect(Date.parse(mine.endTime)).toBeGreaterThan(Date.now());
    expect((await as('seller2')('GET', '/vip/status')).data).toBeNull();
  });

  it('refuses payment: the system is in trial', async () => {
    expect(await as('seller2')('POST', '/vip/pay', { plan: '1m' })).toMatchObject({
      code: 500,
      message: Messages.vipTrial,
    });
  });

  it('lets a platform admin grant VIP (starting now, then extending), which opens shops to the seller', async () => {
    const seller2 = await idOf('seller2');
    expect((await as('seller2')('POST', '/vip/grant', { adminId: seller2, plan: '6y' })).code).toBe(403);
    expect((await as('operator')('POST', '/vip/grant', { adminId: seller2, plan: '6y' })).code).toBe(403);
    expect((await as('admin')('POST', '/vip/grant', { adminId: seller2, plan: '2m' })).code).toBe(404);
    expect((await as('admin')('POST', '/vip/grant', { adminId: 999999, plan: '1m' })).code).toBe(404);

    const first = await as('admin')('POST', '/vip/grant', { adminId: seller2, plan: '1m', note: 'trial' });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ adminId: seller2, plan: '1m', grantedBy: await idOf('admin'), note: 'trial' });
    const end = Date.parse(first.data.endTime);
    expect(Math.abs(end - addMonths(new Date(first.data.startTime), 1).getTime())).toBeLessThan(1000);

    const again = await as('admin')('POST', '/vip/grant', { adminId: seller2, plan: '3m' }, undefined);
    expect(again.data.id).toBe(first.data.id);
    expect(Date.parse(again.data.endTime)).toBe(addMonths(new Date(end), 3).getTime());
    expect((await as('seller2')('GET', '/vip/status')).data.id).toBe(first.data.id);
    expect((await as('seller2')('POST', '/shop/create', { shopName: 'VIP at last' })).code).toBe(200);
  });

  it('lists memberships for the super admin only', async () => {
    const list = await as('admin')('GET', '/vip/list', undefined, { pageSize: 50 });
    expect(list.data.total).toBeGreaterThanOrEqual(1);
    expect((await as('seller')('GET', '/vip/list')).code).toBe(403);
  });

  it('adds calendar months, clamping the day', () => {
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2024-11-15T00:00:00Z'), 72).toISOString()).toBe('2030-11-15T00:00:00.000Z');
  });
});
