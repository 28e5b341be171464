import { Messages } from '../../../shared/messages.js';
import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { validationFailed } from '../../core/envelope.js';
import type { Db } from '../../core/db.js';
import { ProductCategoryLevel } from '../../../../generated/enums.js';

/** Level from the parent: top (parentId 0), second under a top category; nothing deeper (two levels). */
export async function levelOf(db: Db, parentId: number, selfId?: number): Promise<number> {
  if (!parentId) return ProductCategoryLevel.top;
  if (parentId === selfId) throw validationFailed({ parentId: Messages.ownParent });
  const parent = await db.kysely
    .selectFrom(tables.productCategory)
    .select(['level', 'parent_id'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw validationFailed({ parentId: Messages.doesNotExist });
  if (Number(parent.parent_id ?? 0) !== 0) throw validationFailed({ parentId: Messages.twoLevels });
  if (selfId) {
    const child = await db.kysely
      .selectFrom(tables.productCategory)
      .select('id')
      .where('parent_id', '=', selfId)
      .executeTakeFirst();
    if (child) throw validationFailed({ parentId: Messages.twoLevels });
  }
  return ProductCategoryLevel.second;
}

/** Why a category cannot be deleted (sub-categories, or products — recycled ones too), or null. */
export async function deleteBlocker(trx: Kysely<Database>, ids: number[]): Promise<string | null> {
  const child = await trx
    .selectFrom(tables.productCategory)
    .select('id')
    .where('parent_id', 'in', ids)
    .where('id', 'not in', ids)
    .executeTakeFirst();
  if (child) return Messages.hasChildren;
  const product = await trx
    .selectFrom(tables.product)
    .select('id')
    .where('product_category_id', 'in', ids)
    .executeTakeFirst();
  return product ? Messages.hasProducts : null;
}
