/**
 * Order history notes are stored as a code with values (shown in the reader's language by the admin) beside the
 * English text upstream clients read in `note`; rows older than the codes get them from the backfill migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { OrderStatus } from '../../generated/enums';
import { migrate } from '../../src/server/core/migrate';
import { dialects, startServer, type TestServer } from './helpers';
import { fixtureOrder } from './order-fixtures';

interface HistoryRow {
  id: number;
  note: string | null;
  noteCode: string | null;
  noteParams: Record<string, string> | null;
}

describe.each(dialects)('order history notes on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let shopId: number;
  let memberId: number;
  const admin = (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token, query });
  const history = async (id: number): Promise<HistoryRow[]> => (await admin('GET', `/order/${id}`)).data.historyList;
  const make = (status: number) => fixtureOrder(s, { shopId, memberId, status });

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    const member = (await admin('GET', '/member/list', undefined, { pageSize: 1 })).data.list[0];
    [shopId, memberId] = [member.shopId, member.id];
  });
  afterAll(async () => s?.close());

  it('writes every action as a code with its values, and the same English text as before in note', async () => {
    const unpaid = await make(OrderStatus.pendingPayment);
    expect((await admin('POST', '/order/update/receiverInfo', { orderId: unpaid, receiverName: 'Li Si' })).code).toBe(
      200,
    );
    expect(
      (await admin('POST', '/order/update/moneyInfo', { orderId: unpaid, freightAmount: 12.5, discountAmount: 0 }))
        .code,
    ).toBe(200);
    expect((await admin('POST', '/order/update/note', undefined, { id: unpaid, note: 'Call first' })).code).toBe(200);
    expect((await admin('POST', '/order/message', { orderId: unpaid, title: 'Your order', content: 'Hi' })).code).toBe(
      200,
    );
    expect((await admin('POST', '/order/update/close', undefined, { ids: unpaid, note: 'Asked to' })).code).toBe(200);
    const paid = await make(OrderStatus.pendingShipment);
    expect(
      (
        await admin('POST', '/order/update/delivery', [
          { orderId: paid, deliveryCompany: 'SF Express', deliverySn: 'SF9' },
        ])
      ).code,
    ).toBe(200);

    const notes = (rows: HistoryRow[]) =>
      rows.map(({ note, noteCode, noteParams }) => ({ note, noteCode, noteParams }));
    expect(notes(await history(unpaid))).toEqual([
      { note: 'Closed: Asked to', noteCode: 'closed', noteParams: { note: 'Asked to' } },
      { note: 'Station message sent: Your order', noteCode: 'messageSent', noteParams: { title: 'Your order' } },
      { note: 'Call first', noteCode: 'note', noteParams: { note: 'Call first' } },
      {
        note: 'Fees changed: freight 12.5, discount 0',
        noteCode: 'feesChanged',
        noteParams: { freight: '12.5', discount: '0' },
      },
      { note: 'Receiver information changed', noteCode: 'receiverChanged', noteParams: null },
    ]);
    expect(notes(await history(paid))).toEqual([
      { note: 'Shipped: SF Express SF9', noteCode: 'shipped', noteParams: { company: 'SF Express', sn: 'SF9' } },
    ]);
  });

  it('seeds every history row with a code, and the backfill gives older rows the code their text was made from', async () => {
    const k = s.built.db.kysely;
    const codeless = await k
      .selectFrom(tables.orderOperateHistory)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('note_code', 'is', null)
      .where('note', 'not in', ['Call first'])
      .executeTakeFirstOrThrow();
    expect(Number(codeless.n)).toBe(0);

    // Rows as written before the codes: every action's English text, and an operator's own note.
    const order = await make(OrderStatus.completed);
    const old = [
      'Paid from balance',
      'Paid from balance: at the counter',
      'Return #12 completed, refunded 30.5',
      'Marked invalid: suspected fraud',
      'Shipped: YTO Express YT 77',
      'Fees changed: freight 12.5, discount 0',
      'Please call, Shipped: soon',
    ];
    await k
      .insertInto(tables.orderOperateHistory)
      .values(old.map((note) => ({ order_id: order, operate_man: 'admin', order_status: 3, note })))
      .execute();
    // Every row back to before the codes, then the backfill again: each gets what the server had written.
    const codes = async () =>
      (await k.selectFrom(tables.orderOperateHistory).select(['id', 'note', 'note_code', 'note_params']).execute())
        .map((r) => ({
          id: Number(r.id),
          note: r.note,
          code: r.note_code,
          params: typeof r.note_params === 'string' ? JSON.parse(r.note_params) : r.note_params,
        }))
        .sort((a, b) => a.id - b.id);
    const written = await codes();
    await k.updateTable(tables.orderOperateHistory).set({ note_code: null, note_params: null }).execute();
    await k
      .withTables<{ schema_migrations: { version: string } }>()
      .deleteFrom('schema_migrations')
      .where('version', '=', '0019_order_note_backfill.sql')
      .execute();
    expect(await migrate(s.built.db)).toEqual(['0019_order_note_backfill.sql']);
    const after = await codes();
    const free = after.filter((r) => r.note === 'Call first' || r.note === 'Please call, Shipped: soon');
    expect(free.map((r) => r.code)).toEqual([null, null]);
    // An operator's own note is text like any other: shown as written.
    const made = written.filter((r) => r.code !== null && r.code !== 'note');
    expect(after.filter((r) => r.code !== null && made.some((m) => m.id === r.id))).toEqual(made);
    const byNote = Object.fromEntries(after.filter((r) => old.includes(r.note!)).map((r) => [r.note, r]));
    expect(byNote['Paid from balance']).toMatchObject({ code: 'paidFromBalance', params: null });
    expect(byNote['Paid from balance: at the counter']).toMatchObject({
      code: 'paidFromBalanceNote',
      params: { note: 'at the counter' },
    });
    expect(byNote['Return #12 completed, refunded 30.5']).toMatchObject({
      code: 'returnCompleted',
      params: { id: '12', amount: '30.5' },
    });
    expect(byNote['Marked invalid: suspected fraud']).toMatchObject({
      code: 'invalid',
      params: { note: 'suspected fraud' },
    });
    expect(byNote['Shipped: YTO Express YT 77']).toMatchObject({
      code: 'shipped',
      params: { company: 'YTO Express YT', sn: '77' },
    });
    expect(byNote['Fees changed: freight 12.5, discount 0']).toMatchObject({
      code: 'feesChanged',
      params: { freight: '12.5', discount: '0' },
    });
  });
});
