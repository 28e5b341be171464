import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { VIP_PLANS } from '../../../shared/constants.js';
import type { AuthUser } from '../../core/auth.js';
import { createRecord, recordColumns, runtime, toRecord, updateRecord } from '../../core/crud.js';
import type { Db, Row } from '../../core/db.js';

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

/**
 * Trial-mode grant, through the membership's pipeline: extends the account's active membership by the plan's months
 * (and records the plan), or starts a new one now (granted by `user`). Returns the membership.
 */
export async function grantVip(db: Db, adminId: number, plan: VipPlan, user: AuthUser, note: string): Promise<Row> {
  const active = await activeMembership(db.kysely, db, adminId);
  if (active) {
    const endTime = addMonths(new Date(String(active.endTime)), plan.months).toISOString();
    return updateRecord(db, rt(), Number(active.id), { endTime, plan: plan.id, note }, user);
  }
  const now = new Date();
  const [startTime, endTime] = [now.toISOString(), addMonths(now, plan.months).toISOString()];
  return createRecord(db, rt(), { adminId, plan: plan.id, startTime, endTime, note }, user);
}
