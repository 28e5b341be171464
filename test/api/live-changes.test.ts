/**
 * The change stream (GET /changes/stream): a watched row's change and a new row reach the stream, whichever process
 * on the database wrote them; a seller hears nothing of another shop's rows, an account only of the entities it may
 * read; a closing server ends its streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { CHANGES_STREAM_PATH } from '../../src/shared/live-changes';
import { dialects, startServer, type TestServer } from './helpers';
import { fixtureOrder } from './order-fixtures';

interface Event {
  event: string;
  data: any;
}

/** A stream read as it comes over a real socket; `until` polls what arrived so far. */
async function openStream(base: string, token: string, query: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}${CHANGES_STREAM_PATH}?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: Event[] = [];
  let ended = false;
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) return { res, events, json: await res.json(), close: () => {} };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch {
      /* aborted */
    }
    ended = true;
  })();
  return { res, events, json: null, ended: () => ended, close: () => controller.abort() };
}

/** Polls until `found` finds an event (or the stream's end, for `ended`), up to 5 s. */
async function until<T>(check: () => T | undefined | false): Promise<T> {
  const end = Date.now() + 5000;
  for (;;) {
    const got = check();
    if (got) return got;
    if (Date.now() > end) throw new Error('the stream did not say it within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const find = (events: Event[], event: string, match: (d: any) => boolean = () => true) =>
  events.find((e) => e.event === event && match(e.data));

describe.each(dialects)('change stream on %s', (dialect) => {
  let s: TestServer;
  let admin: string;
  let seller: string;
  let sellerShop: number;
  let otherShop: number;
  let memberId: number;

  beforeAll(async () => {
    s = await startServer({ dialect });
    admin = await s.login('admin', 'admin123');
    seller = await s.login('seller', 'seller123');
    const k = s.built.db.kysely;
    const shopOf = async (username: string) => {
      const row = await k
        .selectFrom(tables.shop)
        .innerJoin(tables.admin, `${tables.admin}.id`, `${tables.shop}.seller_id`)
        .select(`${tables.shop}.id as id`)
        .where(`${tables.admin}.username`, '=', username)
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    sellerShop = await shopOf('seller');
    otherShop = await shopOf('seller2');
    memberId = Number((await k.selectFrom(tables.member).select('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => s?.close());

  it("tells a watched record's new version, and the rows created since", async () => {
    const brand = (await s.api('GET', '/brand/list', undefined, { token: admin, query: { pageSize: 1 } })).data.list[0];
    const stream = await openStream(s.base, admin, { rows: `brand.${brand.id}.${brand.rowVersion}`, since: 'order' });
    try {
      const hello = await until(() => find(stream.events, 'hello'));
      expect(hello.data.rows).toEqual([`brand.${brand.id}`]);
      expect(hello.data.since.order).toBeGreaterThan(0);
      const saved = await s.api(
        'POST',
        `/brand/update/${brand.id}`,
        { ...brand, name: `${brand.name} live` },
        {
          token: admin,
        },
      );
      expect(saved.code).toBe(200);
      const change = await until(() => find(stream.events, 'change', (d) => d.entity === 'brand'));
      expect(change.data).toEqual({ entity: 'brand', id: brand.id, version: brand.rowVersion + 1 });
      const order = await fixtureOrder(s, { shopId: sellerShop, memberId, status: 0 });
      const fresh = await until(() => find(stream.events, 'new', (d) => d.ids.includes(order)));
      expect(fresh.data).toEqual({ entity: 'order', ids: [order], more: false });
    } finally {
      stream.close();
    }
  });

  it('tells at once what changed while the tab was not connected', async () => {
    const brand = (await s.api('GET', '/brand/list', undefined, { token: admin, query: { pageSize: 1 } })).data.list[0];
    const stream = await openStream(s.base, admin, { rows: `brand.${brand.id}.${brand.rowVersion - 1}` });
    try {
      const change = await until(() => find(stream.events, 'change'));
      expect(change.data).toEqual({ entity: 'brand', id: brand.id, version: brand.rowVersion });
    } finally {
      stream.close();
    }
  });

  it("tells a seller nothing of another shop's orders", async () => {
    const theirs = await fixtureOrder(s, { shopId: otherShop, memberId, status: 0 });
    const stream = await openStream(s.base, seller, { rows: `order.${theirs}.0`, since: 'order' });
    try {
      await until(() => find(stream.events, 'hello'));
      // Another shop's order, new and changed, then one of the seller's own: only that one is told.
      const another = await fixtureOrder(s, { shopId: otherShop, memberId, status: 0 });
      const closed = await s.api('POST', '/order/update/close', undefined, {
        token: admin,
        query: { ids: theirs, note: 'closed elsewhere' },
      });
      expect(closed.code).toBe(200);
      const own = await fixtureOrder(s, { shopId: sellerShop, memberId, status: 0 });
      const fresh = await until(() => find(stream.events, 'new', (d) => d.ids.includes(own)));
      expect(fresh.data.ids).toEqual([own]);
      expect(stream.events.some((e) => JSON.stringify(e.data ?? '').includes(String(another)))).toBe(false);
      expect(find(stream.events, 'change')).toBeUndefined();
    } finally {
      stream.close();
    }
  });

  it('leaves out the entities an account may not read, and refuses one that reads none', async () => {
    const role = await s.api('POST', '/role/create', { name: `Brands only ${dialect}`, status: 1 }, { token: admin });
    const resources = (await s.api('GET', '/resource/listAll', undefined, { token: admin })).data as {
      id: number;
      url: string;
    }[];
    const brands = resources.find((r) => r.url === '/brand/**')!;
    const alloc = await s.api(
      'POST',
      '/role/allocResource',
      { roleId: role.data.id, resourceIds: String(brands.id) },
      { token: admin, form: true },
    );
    expect(alloc.code).toBe(200);
    const register = (username: string) =>
      s.api('POST', '/admin/register', { username, password: 'secret123' }).then((r) => r.data.id as number);
    const reader = await register(`brandreader${dialect}`);
    await s.api(
      'POST',
      '/admin/role/update',
      { adminId: reader, roleIds: String(role.data.id) },
      {
        token: admin,
        form: true,
      },
    );
    const nobody = await register(`nobody${dialect}`);
    const empty = await s.api('POST', '/role/create', { name: `No resources ${dialect}`, status: 1 }, { token: admin });
    await s.api(
      'POST',
      '/admin/role/update',
      { adminId: nobody, roleIds: String(empty.data.id) },
      {
        token: admin,
        form: true,
      },
    );
    const readerToken = await s.login(`brandreader${dialect}`, 'secret123');
    const stream = await openStream(s.base, readerToken, { since: 'order,brand' });
    try {
      const hello = await until(() => find(stream.events, 'hello'));
      expect(Object.keys(hello.data.since)).toEqual(['brand']);
    } finally {
      stream.close();
    }
    const none = await openStream(s.base, await s.login(`nobody${dialect}`, 'secret123'), { since: 'brand' });
    expect(none.json).toMatchObject({ code: 403 });
    const anonymous = await fetch(`${s.base}${CHANGES_STREAM_PATH}`);
    expect(await anonymous.json()).toMatchObject({ code: 401 });
  });

  it("hears another process's writes on the same database", async () => {
    const other: BuiltApp = await buildApp(s.config);
    const brand = (await s.api('GET', '/brand/list', undefined, { token: admin, query: { pageSize: 1 } })).data.list[0];
    const stream = await openStream(s.base, admin, { rows: `brand.${brand.id}.${brand.rowVersion}`, since: 'order' });
    try {
      await until(() => find(stream.events, 'hello'));
      const res = await other.app.inject({
        method: 'POST',
        url: `${s.config.apiBase}/brand/update/${brand.id}`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...brand, name: `${brand.name} elsewhere` }),
      });
      expect(JSON.parse(res.body).code).toBe(200);
      const change = await until(() => find(stream.events, 'change'));
      expect(change.data.version).toBe(brand.rowVersion + 1);
    } finally {
      stream.close();
      await other.close();
    }
  });

  it('ends its streams when the server closes, and they reconnect to another', async () => {
    const closing: BuiltApp = await buildApp(s.config);
    const address = await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`${address}${s.config.apiBase}`, admin, { since: 'order' });
    await until(() => find(stream.events, 'hello'));
    await closing.close();
    await until(() => find(stream.events, 'bye') && stream.ended?.());
    const again = await openStream(s.base, admin, { since: 'order' });
    try {
      expect(await until(() => find(again.events, 'hello'))).toBeTruthy();
    } finally {
      again.close();
    }
  });
});
