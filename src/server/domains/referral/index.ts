import { tables } from '../../../../generated/database.js';
import { sql } from 'kysely';
import { createRecord, envelopeSchema, originOf, querySchema, runtime, writeTx } from '../../core/crud.js';
import { ok, validationFailed } from '../../core/envelope.js';
import { input } from '../../core/params.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';
import { linkOfCode } from './links.js';
import { given } from '../../core/crud.js';

/** Upstream keeps settings as the single row 1 (as the order settings). */
export const REFERRAL_SETTING_ID = 1;

/**
 * Referral links: a link naming no commission ratio gets the platform's default ratio (`/referralSetting/1`) when it
 * is created, so a later change of the default does not change what a link promised.
 */
export const referralDomain: Domain = (routes, { db }) => {
  const link = runtime('referralLink');
  routes.add({
    replaces: true,
    method: 'POST',
    url: '/referralLink/create',
    schema: { response: envelopeSchema(link.recordSchema) },
    handler: async (req) => {
      const body = { ...((req.query ?? {}) as Row), ...((req.body ?? {}) as Row) };
      if (req.body !== undefined && (typeof req.body !== 'object' || Array.isArray(req.body)))
        throw validationFailed({ body: 'must be an object' });
      if (!given(body.commissionRatio)) {
        const setting = await db.kysely
          .selectFrom(tables.referralSetting)
          .select('default_ratio')
          .where('id', '=', REFERRAL_SETTING_ID)
          .executeTakeFirst();
        body.commissionRatio = setting?.default_ratio ?? null;
      }
      return ok(await createRecord(db, link, body, req.user, originOf(req)));
    },
  });

  // Opening an invitation (`/register?code=…`): the click is counted (address, device), the link's kind answered.
  routes.add({
    method: 'POST',
    url: '/referralLink/click',
    public: true,
    schema: {
      querystring: querySchema(['code']),
      response: envelopeSchema({ type: 'object', properties: { code: { type: 'string' }, kind: { type: 'integer' } } }),
    },
    handler: async (req) => {
      const found = await linkOfCode(db, input(req).code);
      const origin = originOf(req);
      await writeTx(db, [tables.referralClick, tables.referralLink], async (trx) => {
        await trx
          .insertInto(tables.referralClick)
          .values({
            shop_id: found.shopId,
            link_id: found.id,
            code: found.code,
            ip: origin.ip?.slice(0, 64) ?? null,
            device: origin.device?.slice(0, 255) ?? null,
            click_time: new Date().toISOString(),
          })
          .execute();
        await trx
          .updateTable(tables.referralLink)
          .set({ click_count: sql`coalesce(click_count, 0) + 1` })
          .where('id', '=', found.id)
          .execute();
      });
      return ok({ code: found.code, kind: found.kind });
    },
  });
};
