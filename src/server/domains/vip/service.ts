import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { VIP_PLANS } from '../../../shared/constants.js';
import type { AuthUser } from '../../core/auth.js';
import { createRecord, recordColumns, runtime, toRecord, updateRecord, type EntityHooks } from '../../core/crud.js';
import { lockNamed, type Db, type Row } from '../../core/db.js';
import { failed } from '../../core/envelope.js';
import { Messages } from '../../../shared/messages.js';

export type VipPlan = (typeof VIP_PLANS)[number];

/** `date` + `months` calendar months (UTC), the day clamped to the target month's last day (Jan 31 + 1 → Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const rt = () => runtime('vipMembership');

/** The membership of `adminId` that covers now, the one ending last, or undefined. */
export async function activeMembership(k: Kysely<Database>, db: Db, adminId: number): Promise<Row | undefined> {
  const now = new Date().toISOString();
  const qb = k
    .selectFrom(tables.vipMembership)
    .where('admin_id', '=', adminId)
    .where('start_time', '<=', now)
    .where('end_time', '>', now)
    .orderBy('end_time', 'desc');
  const row = await recordColumns(qb, rt()).executeTakeFirst();
  return row ? toRecord(rt(), row, db.dialect) : undefined;
}

export const hasActiveVip = async (db: Db, adminId: number) => Boolean(await activeMembership(db.kysely, db, adminId));

/** A grant that found, inside its transaction, that another grant for the account had just changed its membership. */
class GrantRaced extends Error {}

/** Tries of a grant raced by others for the same account (the first grant creating the membership, the rest see it). */
const GRANT_TRIES = 5;

/**
 * Grants for one account take turns: each, inside its transaction, reads the membership as the grant before left it
 * and extends that (`item.derived`), so no grant is lost and an account has one membership; one that was to create
 * the membership, and finds another grant created it meanwhile, is tried again as an extension.
 */
export const vipHooks: EntityHooks = {
  async beforeWrite(w, trx) {
    if (w.action !== 'grant') return;
    const item = w.items[0];
    const adminId = Number(item.stored?.adminId ?? item.data.adminId);
    await lockNamed(w.db.dialect, trx, `vip grant ${adminId}`);
    const active = await activeMembership(trx, w.db, adminId);
    if (w.op === 'create') {
      if (active) throw new GrantRaced();
      return;
    }
    if (!active || Number(active.id) !== item.id) throw new GrantRaced();
    const months = w.params?.months;
    if (typeof months !== 'number') throw new Error('A VIP grant without its months');
    if (w.op === 'update')
      item.derived = { endTime: addMonths(new Date(String(active.endTime)), months).toISOString() };
  },
};

/**
 * Trial-mode grant, through the membership's pipeline (its declared action `grant`): extends the account's active
 * membership by the plan's months (and records the plan), or starts a new one now (granted by `user`). Returns the
 * membership.
 */
export async function grantVip(db: Db, adminId: number, plan: VipPlan, user: AuthUser, note: string): Promise<Row> {
  const options = { action: 'grant', params: { months: plan.months } };
  for (let tries = 1; ; tries++) {
    try {
      const active = await activeMembership(db.kysely, db, adminId);
      // Its new end is worked out on the membership as locked in the grant's transaction (vipHooks).
      if (active) return await updateRecord(db, rt(), Number(active.id), { plan: plan.id, note }, user, options);
      const now = new Date();
      const [startTime, endTime] = [now.toISOString(), addMonths(now, plan.months).toISOString()];
      return await createRecord(db, rt(), { adminId, plan: plan.id, startTime, endTime, note }, user, options);
    } catch (e) {
      if (!(e instanceof GrantRaced)) throw e;
      if (tries === GRANT_TRIES) throw failed(Messages.failed);
    }
  }
}
