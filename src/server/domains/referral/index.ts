import { tables } from '../../../../generated/database.js';
import { createRecord, envelopeSchema, originOf, runtime } from '../../core/crud.js';
import { ok, validationFailed } from '../../core/envelope.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';
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
};
