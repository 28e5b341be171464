import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

/** Referral links, the default commission ratio, and the read-only relation, reward and click lists, per shop. */
describe.each(dialects)('referrals on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as = (who: string) => (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: t[who], query });
  const admin = as('admin');
  const seller = as('seller');
  const seller2 = as('seller2');
  let mine: number[];
  let theirs: number;

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ])
      t[u] = await s.login(u, p);
    mine = (await seller('GET', '/shop/list')).data.list.map((x: { id: number }) => x.id);
    theirs = (await seller2('GET', '/shop/list')).data.list[0].id;
  });
  afterAll(async () => s?.close());

  it('makes a link with a fresh code, the creator’s address and device, and the default ratio when none is named', async () => {
    const res = await fetch(`${s.base}/referralLink/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.seller}`,
        'content-type': 'application/json',
        'user-agent': 'TestPhone/1.0',
      },
      body: JSON.stringify({ shopId: mine[0], kind: 1, note: 'Flyer', code: 'CHOSEN01', ip: '1.2.3.4' }),
    });
    const link = (await res.json()).data;
    expect(link).toMatchObject({
      shopId: mine[0],
      kind: 1,
      commissionRatio: 0.1,
      device: 'TestPhone/1.0',
      clickCount: 0,
    });
    // The code and address are the server's, not the client's.
    expect(link.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(link.code).not.toBe('CHOSEN01');
    expect(link.ip).not.toBe('1.2.3.4');
    const other = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0 })).data;
    expect(other.code).not.toBe(link.code);
  });

  it('refuses a ratio outside 0..1 and a kind outside the two, storing nothing', async () => {
    const before = (await admin('GET', '/referralLink/list')).data.total;
    expect(
      (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0, commissionRatio: 1.5 })).message,
    ).toBe('Validation Failed: commissionRatio: must be <= 1');
    expect(
      (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0, commissionRatio: -0.1 })).message,
    ).toBe('Validation Failed: commissionRatio: must be >= 0');
    expect((await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 2 })).message).toMatch(
      /^Validation Failed: kind: must be one of 0, 1/,
    );
    expect((await seller('POST', '/referralLink/create', { shopId: theirs, kind: 0 })).message).toBe(
      'Validation Failed: shopId: is not one of your shops',
    );
    expect((await admin('GET', '/referralLink/list')).data.total).toBe(before);
  });

  it('the default ratio: platform staff change it (0..1), sellers read it; old links keep theirs', async () => {
    const old = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0 })).data;
    expect((await seller('GET', '/referralSetting/1')).data.defaultRatio).toBe(0.1);
    expect((await seller('POST', '/referralSetting/update/1', { defaultRatio: 0.5 })).code).toBe(403);
    expect((await admin('POST', '/referralSetting/update/1', { defaultRatio: 1.5 })).message).toBe(
      'Validation Failed: defaultRatio: must be <= 1',
    );
    expect((await admin('POST', '/referralSetting/update/1', { defaultRatio: 0.25 })).data.defaultRatio).toBe(0.25);
    const fresh = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0 })).data;
    expect(fresh.commissionRatio).toBe(0.25);
    expect((await seller('GET', `/referralLink/${old.id}`)).data.commissionRatio).toBe(0.1);
    const named = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0, commissionRatio: 0 })).data;
    expect(named.commissionRatio).toBe(0);
    await admin('POST', '/referralSetting/update/1', { defaultRatio: 0.1 });
  });

  it("a seller's links are invisible and untouchable for another seller", async () => {
    const link = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0, note: 'Private' })).data;
    expect(await seller2('GET', `/referralLink/${link.id}`)).toMatchObject({ code: 404, message: Messages.notFound });
    expect((await seller2('POST', `/referralLink/update/${link.id}`, { note: 'Mine' })).code).toBe(404);
    expect((await seller2('POST', `/referralLink/delete/${link.id}`)).code).toBe(404);
    expect((await admin('GET', `/referralLink/${link.id}`)).data.note).toBe('Private');
    const list2 = (await seller2('GET', '/referralLink/list', undefined, { pageSize: 100 })).data.list;
    expect(list2.length).toBeGreaterThan(0);
    expect(list2.every((l: { shopId: number }) => l.shopId === theirs)).toBe(true);
  });

  it('relations, rewards and clicks are read-only lists scoped to the caller’s shops', async () => {
    for (const path of ['/relation', '/reward', '/referralClick']) {
      const all = (await admin('GET', `${path}/list`, undefined, { pageSize: 1000 })).data.list as { shopId: number }[];
      expect(all.length, path).toBeGreaterThan(0);
      const own = (await seller('GET', `${path}/list`, undefined, { pageSize: 1000 })).data.list as {
        shopId: number;
      }[];
      expect(
        own.every((r) => mine.includes(r.shopId)),
        path,
      ).toBe(true);
      expect(own.length, path).toBe(all.filter((r) => mine.includes(r.shopId)).length);
      const created = await admin('POST', `${path}/create`, { shopId: mine[0] });
      expect(created.code, path).not.toBe(200);
    }
    // A click carries its link's code; filtering by link gives only its clicks.
    const click = (await seller('GET', '/referralClick/list')).data.list[0];
    const link = (await seller('GET', `/referralLink/${click.linkId}`)).data;
    expect(click.code).toBe(link.code);
    const ofLink = (await seller('GET', '/referralClick/list', undefined, { linkId: link.id, pageSize: 100 })).data;
    expect(ofLink.total).toBe(link.clickCount);
    // Relations name members of the same shop; rewards their orders.
    const rel = (await admin('GET', '/relation/list')).data.list[0];
    const referrer = (await admin('GET', `/member/${rel.referrerId}`)).data;
    expect(referrer.shopId).toBe(rel.shopId);
    const reward = (await admin('GET', '/reward/list')).data.list[0];
    expect(reward.reward).toBeLessThan(reward.payAmount);
  });

  it('an invitation counts its click and opens a seller account only through a merchant link', async () => {
    const merchant = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 1 })).data;
    const referee = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0 })).data;
    const click = await s.api('POST', '/referralLink/click', undefined, {
      query: { code: merchant.code.toLowerCase() },
    });
    expect(click).toMatchObject({ code: 200, data: { code: merchant.code, kind: 1 } });
    expect((await seller('GET', `/referralLink/${merchant.id}`)).data.clickCount).toBe(1);
    const clicks = (await seller('GET', '/referralClick/list', undefined, { linkId: merchant.id })).data.list;
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ code: merchant.code, shopId: mine[0] });
    expect(await s.api('POST', '/referralLink/click', undefined, { query: { code: 'NOPE2345' } })).toMatchObject({
      code: 404,
      message: Messages.validateCode,
    });
    const register = (username: string, inviteCode: string) =>
      s.api('POST', '/admin/register', { username, password: 'secret123', inviteCode });
    expect((await register('invitee1', 'NOPE2345')).message).toBe(Messages.validateCode);
    expect((await register('invitee1', referee.code)).message).toBe(Messages.validateCode);
    expect((await s.api('POST', '/admin/login', { username: 'invitee1', password: 'secret123' })).code).not.toBe(200);
    expect((await register('invitee1', merchant.code)).code).toBe(200);
    expect((await s.api('POST', '/admin/login', { username: 'invitee1', password: 'secret123' })).code).toBe(200);
  });

  /** A click on a link from `ip` (the server believes X-Forwarded-For from the local machine only) and device. */
  async function click(code: string, ip: string, device = 'TestPhone/1.0') {
    const res = await fetch(`${s.base}/referralLink/click?code=${code}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': ip, 'user-agent': device },
    });
    return {
      env: (await res.json()) as { code: number; message: string; data: any },
      retry: res.headers.get('retry-after'),
    };
  }
  const clickCount = async (id: number) => (await seller('GET', `/referralLink/${id}`)).data.clickCount as number;
  const clickRows = async (id: number) =>
    (await seller('GET', '/referralClick/list', undefined, { linkId: id, pageSize: 100 })).data.total as number;

  it('counts a click once per link, address and device in a day, repeats answered but not counted', async () => {
    const link = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 1 })).data;
    for (let i = 0; i < 5; i++)
      expect((await click(link.code, '10.1.0.1')).env).toMatchObject({ code: 200, data: { code: link.code, kind: 1 } });
    expect(await clickCount(link.id)).toBe(1);
    expect((await click(link.code, '10.1.0.1', 'OtherPhone/2.0')).env.code).toBe(200);
    expect((await click(link.code, '10.1.0.2')).env.code).toBe(200);
    expect(await clickCount(link.id)).toBe(3);
    expect(await clickRows(link.id)).toBe(3);
    const other = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0 })).data;
    expect((await click(other.code, '10.1.0.1')).env.code).toBe(200); // another link, same visitor
    expect(await clickCount(other.id)).toBe(1);
  });

  it('counts identical clicks sent together once', async () => {
    const link = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0 })).data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => click(link.code, '10.1.1.1')));
    expect(answers.every((a) => a.env.code === 200)).toBe(true);
    expect(await clickCount(link.id)).toBe(1);
    expect(await clickRows(link.id)).toBe(1);
  });

  it('refuses a flood of clicks from one address with a retry-after, counting none of the refused', async () => {
    const link = (await seller('POST', '/referralLink/create', { shopId: mine[0], kind: 0 })).data;
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await click(link.code, '10.1.2.1', `Bot/${i}`));
    const refused = answers.filter((a) => a.env.code !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].env).toMatchObject({ code: 500, message: Messages.tooManyAttempts });
    expect(refused[0].env.data.retryAfter).toBeGreaterThan(0);
    expect(Number(refused[0].retry)).toBe(refused[0].env.data.retryAfter);
    expect(await clickCount(link.id)).toBe(40 - refused.length);
    expect((await click(link.code, '10.1.2.2')).env.code).toBe(200); // another address
  });
});
