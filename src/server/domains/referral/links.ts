import { tables } from '../../../../generated/database.js';
import { ResultCode } from '../../../shared/envelope.js';
import { Messages } from '../../../shared/messages.js';
import { ApiError } from '../../core/envelope.js';
import type { Db } from '../../core/db.js';

/** The link an invite code names (codes are shown upper-case), or "Please validate your code". */
export async function linkOfCode(
  db: Db,
  raw: unknown,
): Promise<{ id: number; shopId: number; code: string; kind: number }> {
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  const link = code
    ? await db.kysely
        .selectFrom(tables.referralLink)
        .select(['id', 'shop_id', 'code', 'kind'])
        .where('code', '=', code)
        .executeTakeFirst()
    : undefined;
  if (!link) throw new ApiError(ResultCode.VALIDATE_FAILED, Messages.validateCode);
  return { id: Number(link.id), shopId: Number(link.shop_id), code: String(link.code), kind: Number(link.kind) };
}
