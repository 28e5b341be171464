import { sql } from 'kysely';
import { tables } from '../../../../generated/database.js';
import { ResultCode } from '../../../shared/envelope.js';
import { Messages } from '../../../shared/messages.js';
import { outsideRequest } from '../../core/audit.js';
import type { AuthUser } from '../../core/auth.js';
import { lockNamed, type Db } from '../../core/db.js';
import { ApiError } from '../../core/envelope.js';

const HOUR = 3_600_000;

/**
 * Bytes an account may upload in any hour (UPLOAD_QUOTA), counted by the database's upload log (`sys_upload`), so
 * every process sharing it counts the same. The hour is summed and the upload noted in one transaction, after a lock
 * of the account's own: uploads racing past the limit take turns, so the total never passes it and the first ones are
 * kept (summed after noting, as before, racing uploads could each see all the others and all be refused).
 */
export class UploadQuota {
  constructor(
    private db: Db,
    private limit: number,
  ) {}

  /** Notes an upload of `bytes` by the account; throws when its last hour would pass the limit (nothing noted). */
  async take(user: AuthUser, name: string, bytes: number): Promise<{ undo(): Promise<void> }> {
    const k = this.db.kysely;
    const at = Date.now();
    // The log is the quota's, not a record anyone edits: a refused upload leaves no trace on the audit trail either.
    const noted = await outsideRequest(() =>
      k.transaction().execute(async (trx) => {
        if (this.limit) {
          await lockNamed(this.db.dialect, trx, `uploads of account ${user.id}`);
          const hour = await trx
            .selectFrom(tables.upload)
            .select([
              sql<number | string | null>`sum(bytes)`.as('total'),
              sql<string | null>`min(create_time)`.as('first'),
            ])
            .where('admin_id', '=', user.id)
            .where('create_time', '>', new Date(at - HOUR).toISOString())
            .executeTakeFirst();
          if (Number(hour?.total ?? 0) + bytes > this.limit) return { refused: hour?.first ?? null };
        }
        return trx
          .insertInto(tables.upload)
          .values({ admin_id: user.id, name, bytes, create_time: new Date(at).toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
      }),
    );
    if ('refused' in noted) {
      const first = noted.refused ? new Date(noted.refused).getTime() : at;
      throw new ApiError(ResultCode.FAILED, Messages.uploadQuota, {
        limit: this.limit,
        retryAfter: Math.max(1, Math.ceil((first + HOUR - at) / 1000)),
      });
    }
    const { id } = noted;
    return {
      undo: () => outsideRequest(() => k.deleteFrom(tables.upload).where('id', '=', id).execute()).then(() => {}),
    };
  }
}
