/** The order benchmark on one running server: list shapes, the detail, the reads mixed, then with 20 % writes. */
import { entities } from '../generated/entities.js';
import { warm, type Target } from './data.js';
import { authHeader, load, type Call, type Load, type Proc } from './processes.js';
import type { Shape } from './shapes.js';

export interface OrderRow {
  name: string;
  load: Load;
  rss: number;
}

const pick = (n: number) => 1 + Math.floor(Math.random() * n);
const anyOf = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

// Upstream names the order list's keyword `receiverKeyword`: the list ignores a `keyword`.
const KEYWORD = entities.order.keyword!.param;

/** The order list's shapes (the detail aside): run here, and on PostgreSQL beside SQLite (run.ts). */
export const ORDER_LIST_SHAPES: Shape[] = [
  ['list by status, pages 1–3', () => () => `/api/order/list?pageNum=${pick(3)}&pageSize=20&status=${pick(4) - 1}`],
  ['list of one day', (t) => () => `/api/order/list?pageNum=1&pageSize=20&createTime=${anyOf(t.days)}`],
  [
    'keyword (receiver), pages 1–3',
    (t) => () => `/api/order/list?pageNum=${pick(3)}&pageSize=20&${KEYWORD}=${encodeURIComponent(t.receiver)}`,
  ],
];

export const READS_MIXED = 'reads mixed (the four above)';
export const WITH_WRITES = 'reads + 20 % writes';

export async function orderBench(server: Proc, t: Target, seconds: number): Promise<OrderRow[]> {
  const headers = { authorization: await authHeader(server.url) };
  const id = () => t.orderIds.min + Math.floor(Math.random() * (t.orderIds.max - t.orderIds.min + 1));
  const reads: [string, () => Call][] = [
    ...ORDER_LIST_SHAPES.map(([name, query]): [string, () => Call] => [name, query(t)]),
    ['order detail', () => `/api/order/${id()}`],
  ];
  const toShip = [...t.toShip];
  const writes: (() => Call)[] = [
    () => ({ method: 'POST', path: '/api/order/message', body: { orderId: id(), title: 'Bench', content: 'Load' } }),
    () => `/api/order/update/note?id=${id()}&note=${encodeURIComponent('bench note')}&status=0`,
    () => {
      if (toShip.length < 3) return `/api/order/update/note?id=${id()}&note=bench&status=0`;
      const batch = toShip.splice(0, 3).map((orderId, i) => ({
        orderId,
        deliveryCompany: 'SF Express',
        deliverySn: `SF${Date.now()}${i}${Math.floor(Math.random() * 1e6)}`,
      }));
      return { method: 'POST', path: '/api/order/update/delivery', body: batch };
    },
  ];
  // A note update goes as a POST with its fields in the query string (upstream's shape).
  const post = (c: Call): Call => (typeof c === 'string' && c.includes('/update/') ? { method: 'POST', path: c } : c);
  const readMix = () => anyOf(reads)[1]();
  const rows: OrderRow[] = [];
  const run = async (name: string, next: () => Call) => {
    await warm(t);
    server.resetPeak();
    rows.push({ name, load: await load(server.url, next, { seconds, headers }), rss: server.peakRss() });
  };
  for (const [name, next] of reads) await run(name, next);
  await run(READS_MIXED, readMix);
  await run(WITH_WRITES, () => (Math.random() < 0.2 ? post(anyOf(writes)()) : readMix()));
  return rows;
}
