import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { sql } from 'kysely';
import {
  envelopeSchema,
  given,
  rulesOf,
  originOf,
  querySchema,
  runtime,
  updateRecord,
  withParametersBody,
  storedOf,
  type EntityHooks,
  type WriteContext,
} from '../../core/crud.js';
import { ok } from '../../core/envelope.js';
import { input } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { linkOfCode } from './links.js';
import { entities } from '../../../../generated/entities.js';
import { singletonId } from '../../../shared/entity-meta.js';

/** A click counts once per link, address and device in this time. */
export const CLICK_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Upstream keeps settings as one row (`x-admin.singleton` in schemas/referralSetting.json), as the order settings. */
export const REFERRAL_SETTING_ID = singletonId(entities.referralSetting);

/**
 * A link naming no commission ratio gets the platform's default ratio (`/referralSetting/1`) when it is created, so
 * a later change of the default does not change what a link promised. A `click` (a declared action of the link,
 * `params`: the visitor's address and device) counts once per link, address and device in CLICK_WINDOW_MS, so
 * reloading or replaying an invitation does not inflate the count.
 */
/** A click's address or device, as the click route sets it: a text or null. */
function clickParam(w: WriteContext, key: 'ip' | 'device'): string | null {
  const v = w.params?.[key];
  if (v !== null && typeof v !== 'string') throw new Error(`A click without its ${key}`);
  return v;
}

const linkHooks: EntityHooks = {
  tables: [tables.referralClick],
  async beforeValidate(w, item) {
    if (w.op !== 'create' && w.op !== 'import') return;
    // An object: the edge's body or a CSV row.
    const body = item.body;
    if (given(body.commissionRatio)) return;
    const setting = await w.db.kysely
      .selectFrom(tables.referralSetting)
      .select('default_ratio')
      .where('id', '=', REFERRAL_SETTING_ID)
      .executeTakeFirst();
    item.body = { ...body, commissionRatio: setting?.default_ratio ?? null };
  },

  async afterWrite(w, trx) {
    if (w.op !== 'update' || w.action !== 'click') return;
    const link = storedOf(w.items[0]);
    const id = Number(link.id);
    const [ip, device] = [clickParam(w, 'ip'), clickParam(w, 'device')];
    const now = new Date();
    // A link's clicks take turns (the link row's lock; SQLite writes one at a time), so identical clicks sent
    // together see each other and count once.
    if (w.db.dialect === 'postgres')
      await trx.selectFrom(tables.referralLink).select('id').where('id', '=', id).forUpdate().execute();
    const seen = await trx
      .selectFrom(tables.referralClick)
      .select('id')
      .where('link_id', '=', id)
      .where('ip', ip === null ? 'is' : '=', ip)
      .where('device', device === null ? 'is' : '=', device)
      .where('click_time', '>', new Date(now.getTime() - CLICK_WINDOW_MS).toISOString())
      .limit(1)
      .executeTakeFirst();
    if (seen) return;
    await trx
      .insertInto(tables.referralClick)
      .values({
        shop_id: link.shopId === undefined || link.shopId === null ? null : Number(link.shopId),
        link_id: id,
        code: typeof link.code === 'string' ? link.code : null,
        ip,
        device,
        click_time: now.toISOString(),
      })
      .execute();
    await trx
      .updateTable(tables.referralLink)
      .set({ click_count: sql`coalesce(click_count, 0) + 1` })
      .where('id', '=', id)
      .execute();
  },
};

/** Referral links: the generic layer with `linkHooks`, and the counted click of an invitation. */
export const referralDomain: Domain = (routes, { db, throttle }) => {
  rulesOf(db).on('referralLink', linkHooks);
  // Opening an invitation (`/register?code=…`): the link's kind is answered, and the click counted (`linkHooks`).
  routes.add({
    method: actions.referralLink.click.method,
    url: actions.referralLink.click.url,
    public: true,
    schema: withParametersBody({
      querystring: querySchema(['code']),
      response: envelopeSchema({ type: 'object', properties: { code: { type: 'string' }, kind: { type: 'integer' } } }),
    }),
    handler: async (req, reply) => {
      await throttle.beforeClick(req, reply);
      const found = await linkOfCode(db, input(req).code);
      const origin = originOf(req);
      const params = { ip: origin.ip?.slice(0, 64) ?? null, device: origin.device?.slice(0, 255) ?? null };
      await updateRecord(db, runtime('referralLink'), found.id, {}, undefined, { action: 'click', params });
      return ok({ code: found.code, kind: found.kind });
    },
  });
};
