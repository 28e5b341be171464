import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import type { AuthUser } from '../../core/auth.js';
import { envelopeSchema, idSchema, querySchema } from '../../core/crud.js';
import { ok, validationFailed } from '../../core/envelope.js';
import { q, type Db } from '../../core/db.js';
import type { Domain } from '../../context.js';
import {
  OrderStatus,
  ProductDeleteStatus,
  ProductPublishStatus,
  ReturnApplyStatus,
} from '../../../../generated/enums.js';

/** Orders whose amount counts as sales: paid (pending shipment, shipped, completed). */
const PAID = [OrderStatus.pendingShipment, OrderStatus.shipped, OrderStatus.completed];
const MAX_DAYS = 90;
/** The user's offset from UTC, in minutes east (UTC+8 → 480), bounded to real zones. */
const MAX_OFFSET = 14 * 60;

const figure = { type: 'object', properties: { orders: { type: 'integer' }, sales: { type: 'number' } } };
const schema = {
  type: 'object',
  properties: {
    today: figure,
    month: figure,
    pendingShipments: { type: 'integer' },
    pendingReturns: { type: 'integer' },
    lowStockSkus: { type: 'integer' },
    productsOn: { type: 'integer' },
    productsOff: { type: 'integer' },
    days: {
      type: 'array',
      items: {
        type: 'object',
        properties: { day: { type: 'string' }, orders: { type: 'integer' }, sales: { type: 'number' } },
      },
    },
  },
};

/** `shop_id IN (…)` for the shops the figures cover: a seller's own (one of them if asked), all or one for staff. */
function shopScope(user: AuthUser | undefined, asked: number | undefined): { sql: string; params: number[] } {
  if (user && !user.platform) {
    if (asked !== undefined && !user.shopIds.includes(asked))
      throw validationFailed({ shopId: 'is not one of your shops' });
    const ids = asked !== undefined ? [asked] : user.shopIds.length ? user.shopIds : [0];
    return { sql: ` AND shop_id IN (${ids.map(() => '?').join(', ')})`, params: ids };
  }
  return asked !== undefined ? { sql: ' AND shop_id = ?', params: [asked] } : { sql: '', params: [] };
}

/** The local day (YYYY-MM-DD) of a stored UTC time, `offset` minutes east. */
const localDay = (db: Db, column: string) =>
  db.dialect === 'sqlite'
    ? `substr(datetime(${column}, printf('%+d minutes', ?)), 1, 10)`
    : `to_char((${column} AT TIME ZONE 'UTC') + make_interval(mins => ?::int), 'YYYY-MM-DD')`;

/**
 * `GET /dashboard/summary?shopId=&days=7|30&offset=480`: the shop dashboard's figures in one call, each aggregated by
 * the database (counts and sums over indexed columns; nothing pulled whole into Node): today's and this month's
 * orders and sales (in the user's time zone), pending shipments and returns, low-stock SKUs, products on and off
 * shelf, and orders and sales per day over the last `days`.
 */
export const dashboardDomain: Domain = (routes, { db }) => {
  routes.add({
    method: actions.shop.dashboard.method,
    url: actions.shop.dashboard.url,
    schema: {
      querystring: querySchema(['shopId', 'days', 'offset'], {
        shopId: idSchema,
        days: { type: 'integer', minimum: 1, maximum: MAX_DAYS },
        offset: { type: 'integer' },
      }),
      response: envelopeSchema(schema),
    },
    handler: async (req) => {
      const query = req.query;
      const days = query.days ?? 7;
      const offset = query.offset ?? 0;
      if (Math.abs(offset) > MAX_OFFSET)
        throw validationFailed({ offset: `must be an integer between -${MAX_OFFSET} and ${MAX_OFFSET}` });
      const shop = shopScope(req.user, query.shopId);
      // Local midnight today and on the 1st, and the first day charted, as UTC instants.
      const local = new Date(Date.now() + offset * 60_000);
      const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset * 60_000;
      const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offset * 60_000;
      const from = midnight - (days - 1) * 86_400_000;
      const iso = (t: number) => new Date(t).toISOString();
      const paid = PAID.join(', ');
      const order = q(tables.order);
      const count = async (sql: string, params: unknown[]) =>
        Number((await db.all<{ c: number | string }>(sql, params))[0]?.c ?? 0);

      const [periods, perDay, pendingShipments, pendingReturns, lowStockSkus, shelves] = await Promise.all([
        db.all<{ period: string; orders: number | string; sales: number | string | null }>(
          `SELECT CASE WHEN create_time >= ? THEN 'today' ELSE 'month' END AS period, count(*) AS orders,
             sum(CASE WHEN status IN (${paid}) THEN pay_amount ELSE 0 END) AS sales
           FROM ${order} WHERE create_time >= ?${shop.sql} GROUP BY 1`,
          [iso(midnight), iso(Math.min(monthStart, midnight)), ...shop.params],
        ),
        db.all<{ day: string; orders: number | string; sales: number | string | null }>(
          `SELECT ${localDay(db, 'create_time')} AS day, count(*) AS orders,
             sum(CASE WHEN status IN (${paid}) THEN pay_amount ELSE 0 END) AS sales
           FROM ${order} WHERE create_time >= ?${shop.sql} GROUP BY 1 ORDER BY 1`,
          [offset, iso(from), ...shop.params],
        ),
        count(`SELECT count(*) AS c FROM ${order} WHERE status = ?${shop.sql}`, [
          OrderStatus.pendingShipment,
          ...shop.params,
        ]),
        count(`SELECT count(*) AS c FROM ${q(tables.returnApply)} WHERE status = ?${shop.sql}`, [
          ReturnApplyStatus.pending,
          ...shop.params,
        ]),
        count(`SELECT count(*) AS c FROM ${q(tables.skuStock)} WHERE stock >= 0 AND stock <= low_stock${shop.sql}`, [
          ...shop.params,
        ]),
        db.all<{ publish: number | string; c: number | string }>(
          `SELECT publish_status AS publish, count(*) AS c FROM ${q(tables.product)}
           WHERE delete_status = ?${shop.sql} GROUP BY publish_status`,
          [ProductDeleteStatus.normal, ...shop.params],
        ),
      ]);
      const period = (name: string) => periods.find((p) => p.period === name);
      const today = { orders: Number(period('today')?.orders ?? 0), sales: Number(period('today')?.sales ?? 0) };
      // This month includes today (unless the month began today: then they are the same).
      const monthOnly = monthStart < midnight ? period('month') : undefined;
      const month = {
        orders: today.orders + Number(monthOnly?.orders ?? 0),
        sales: round2(today.sales + Number(monthOnly?.sales ?? 0)),
      };
      const byDay = new Map(perDay.map((d) => [d.day, d]));
      const series = Array.from({ length: days }, (_, i) => {
        const day = new Date(from + offset * 60_000 + i * 86_400_000).toISOString().slice(0, 10);
        const d = byDay.get(day);
        return { day, orders: Number(d?.orders ?? 0), sales: round2(Number(d?.sales ?? 0)) };
      });
      const shelf = (v: number) => Number(shelves.find((s) => Number(s.publish) === v)?.c ?? 0);
      return ok({
        today: { ...today, sales: round2(today.sales) },
        month,
        pendingShipments,
        pendingReturns,
        lowStockSkus,
        productsOn: shelf(ProductPublishStatus.onShelf),
        productsOff: shelf(ProductPublishStatus.offShelf),
        days: series,
      });
    },
  });
};

const round2 = (n: number) => Math.round(n * 100) / 100;
