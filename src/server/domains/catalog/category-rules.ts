import { Messages } from '../../../shared/messages.js';
import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { MAX_TIERS } from '../../../shared/constants.js';
import { validationFailed } from '../../core/envelope.js';
import type { Db, Row } from '../../core/db.js';
import { parseIds } from '../../core/params.js';
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

/** `productAttributeIdList` of a category body: at most three existing attributes (its filter attributes). */
export async function filterAttributeIds(db: Db, body: Row): Promise<number[] | undefined> {
  if (body.productAttributeIdList === undefined || body.productAttributeIdList === null) return undefined;
  const ids = parseIds(body.productAttributeIdList, 'productAttributeIdList', false);
  if (ids.length > MAX_TIERS) throw validationFailed({ productAttributeIdList: Messages.tooMany });
  if (ids.length) {
    const found = await db.kysely.selectFrom(tables.productAttribute).select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw validationFailed({ productAttributeIdList: Messages.doesNotExist });
  }
  return ids;
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
