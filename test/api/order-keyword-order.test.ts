/**
 * The order list's keyword search in its default order (newest `createTime` first) answers what LIKE '%x%' on the
 * receiver's name or phone selects, page by page, whether the word is carried by more orders than the count cap
 * (SQLite walks the date index and tests each row) or by a few (it sorts the matches).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { COUNT_CAP } from '../../src/server/core/crud/reads';
import { growOrders } from '../../src/server/domains/seed/orders-grow';
import { dialects, startServer, type TestServer } from './helpers';

const RARE = 'Zed Rarename';

describe.each(dialects)('keyword search over many orders on %s', (dialect) => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    // A third of the grown orders go to each of the two busiest demo members: past the cap, each.
    await growOrders(s.built.db, COUNT_CAP * 3.5, 5000, () => undefined);
    // And a receiver of a few orders only (the full-text index follows the update).
    await sql`UPDATE ${sql.table(tables.order)} SET receiver_name = ${RARE}
      WHERE id IN (SELECT id FROM ${sql.table(tables.order)} ORDER BY random() LIMIT 70)`.execute(s.built.db.kysely);
  }, 120_000);
  afterAll(async () => s?.close());

  /** The ids a page should hold, straight from SQL. */
  const expected = async (word: string, page: number) => {
    const like = dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
    const pattern = `%${word}%`;
    const rows = await sql<{ id: number }>`SELECT id FROM ${sql.table(tables.order)}
      WHERE receiver_name ${like} ${pattern} OR receiver_phone ${like} ${pattern}
      ORDER BY create_time DESC, id DESC LIMIT 20 OFFSET ${(page - 1) * 20}`.execute(s.built.db.kysely);
    return rows.rows.map((r) => Number(r.id));
  };

  it('pages a word of most orders and a word of a few the same as LIKE, newest first', async () => {
    const k = s.built.db.kysely;
    const top = await k
      .selectFrom(tables.order)
      .select(['receiver_name', 'receiver_phone'])
      .select((eb) => eb.fn.countAll().as('c'))
      .groupBy(['receiver_name', 'receiver_phone'])
      .orderBy('c', 'desc')
      .execute();
    // One member's phone: more orders than the cap, not all of them.
    const dense = String(top[0].receiver_phone);
    expect(Number(top[0].c)).toBeGreaterThan(COUNT_CAP);
    const answer = async (word: string, pageNum: number) =>
      (await s.api('GET', '/order/list', undefined, { token, query: { receiverKeyword: word, pageNum, pageSize: 20 } }))
        .data;
    const many = await answer(dense, 1);
    expect(many.totalExact).toBe(false);
    const few = await answer(RARE, 1);
    expect(few.totalExact).toBe(true);
    expect(few.total).toBe(70);
    for (const word of [dense, RARE]) {
      for (const page of [1, 2, 3]) {
        const got = (await answer(word, page)).list.map((o: { id: number }) => o.id);
        expect(got).toHaveLength(20);
        expect(got).toEqual(await expected(word, page));
      }
    }
  });
});
