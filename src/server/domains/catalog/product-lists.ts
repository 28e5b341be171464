import { tables, type TableName } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { refused, validationFailed } from '../../core/envelope.js';
import type { ChildLists } from '../../core/crud.js';
import type { Db, Row } from '../../core/db.js';
import { promotionRule, tierRule } from './price-rules.js';
import { distinctValues } from './rows.js';
import { normalizeSpData } from './skus.js';
import { ProductAttributeType, ProductPromotionType } from '../../../../generated/enums.js';

export interface TypeAttribute {
  id: number;
  name: string;
  type: number;
}

export async function attributesOfType(db: Db, typeId: unknown): Promise<TypeAttribute[]> {
  if (typeId === undefined || typeId === null) return [];
  return (
    await db.kysely
      .selectFrom(tables.productAttribute)
      .select(['id', 'name', 'type'])
      .where('product_attribute_category_id', '=', Number(typeId))
      .orderBy('sort', 'desc')
      .orderBy('id')
      .execute()
  ).map((r) => ({ id: Number(r.id), name: String(r.name), type: Number(r.type) }));
}

const count = async (db: Db, table: TableName, productId?: number) =>
  productId
    ? Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('c'))
            .where('product_id', '=', productId)
            .executeTakeFirst()
        )?.c ?? 0,
      )
    : 0;

/**
 * The product's rules over its child lists (`x-admin.children`, items already through their validators), against
 * the product as it will be (`product` = stored record merged with the new fields): at least one tier when that price
 * strategy is chosen (at most the schema's `maxItems`, checked with the list), one price per member level, attribute
 * values of the product's type, and SKUs — their spec values those of the type's spec attributes, and a type with
 * spec attributes needs at least one ("No SKU information").
 */
export async function productLists(db: Db, lists: ChildLists, product: Row, id?: number): Promise<void> {
  const attrs = await attributesOfType(db, product.productAttributeCategoryId);
  const specNames = attrs.filter((a) => a.type === ProductAttributeType.spec).map((a) => a.name);
  const promotionType = Number(product.promotionType ?? ProductPromotionType.originalPrice);

  const skus = lists.get('skuStockList');
  skus?.forEach((r, i) => {
    // A new SKU states every spec value; a kept one changes them only when sent.
    const spData = normalizeSpData(r.spData, r.id ? [] : specNames, specNames, `skuStockList[${i}].spData`);
    if (spData === undefined) delete r.spData;
    else r.spData = spData;
  });
  const skuCount = skus ? skus.length : await count(db, tables.skuStock, id);
  if (specNames.length && !skuCount) throw refused(Messages.noSku);

  for (const [field, strategy, table] of [
    ['productLadderList', ProductPromotionType.ladder, tables.productLadder],
    ['productFullReductionList', ProductPromotionType.fullReduction, tables.productFullReduction],
  ] as const) {
    const rows = lists.get(field);
    if (promotionType !== strategy) continue;
    const n = rows ? rows.length : await count(db, table, id);
    if (!n) throw validationFailed({ [field]: Messages.atLeastOne });
    rows?.forEach((r, i) => tierRule(field, i, r));
  }

  const members = lists.get('memberPriceList');
  if (members) unique(members, 'memberPriceList', 'memberLevelId');
  if (promotionType === ProductPromotionType.memberPrice) {
    const n = members ? members.length : await count(db, tables.memberPrice, id);
    if (!n) throw validationFailed({ memberPriceList: Messages.atLeastOne });
  }
  if (promotionType === ProductPromotionType.promotionPrice) promotionRule(product);

  const values = lists.get('productAttributeValueList');
  if (values) attributeValues(values, attrs);
}

/** One item per `field` value (one price per member level). */
function unique(rows: Row[], list: string, field: string): void {
  const seen = new Set<unknown>();
  rows.forEach((r, i) => {
    if (seen.has(r[field])) throw validationFailed({ [`${list}[${i}].${field}`]: 'is repeated' });
    seen.add(r[field]);
  });
}

/** Values of attributes of the product's type, one per attribute; a spec attribute's comma list has no empty or repeated item. */
function attributeValues(rows: Row[], attrs: { id: number; type: number }[]): void {
  const byId = new Map(attrs.map((a) => [a.id, a]));
  const seen = new Set<number>();
  rows.forEach((r, i) => {
    const path = `productAttributeValueList[${i}]`;
    const attr = byId.get(Number(r.productAttributeId));
    if (!attr || seen.has(attr.id)) {
      throw validationFailed({ [`${path}.productAttributeId`]: attr ? 'is repeated' : Messages.doesNotExist });
    }
    seen.add(attr.id);
    if (attr.type === ProductAttributeType.spec)
      r.value = distinctValues(`${path}.value`, String(r.value ?? ''), Messages.valuesEmptyOrRepeated).join(',');
  });
}
