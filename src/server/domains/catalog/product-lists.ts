import { tables } from '../../../../generated/database.js';
import { MAX_TIERS } from '../../../shared/constants.js';
import { Messages } from '../../../shared/messages.js';
import { validationFailed } from '../../core/envelope.js';
import type { Db, Row } from '../../core/db.js';
import { CHILD_LISTS, type ChildEntity } from './child-lists.js';
import { refused } from './refused.js';
import { memberPrices, promotionRule, tierRule } from './price-rules.js';
import { childRows, distinctValues, listOf } from './rows.js';
import { checkSkus, type SkuInput } from './skus.js';
import { ProductAttributeType, ProductPromotionType } from '../../../../generated/enums.js';

/** Child lists of upstream's PmsProductParam; an absent list keeps what is stored, a given one replaces it. */
export interface ProductLists {
  memberPriceList?: Row[];
  productLadderList?: Row[];
  productFullReductionList?: Row[];
  productAttributeValueList?: Row[];
  skuStockList?: SkuInput[];
}

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

const count = async (db: Db, entity: ChildEntity, productId?: number) =>
  productId
    ? Number(
        (
          await db.kysely
            .selectFrom(tables[entity])
            .select((e) => e.fn.countAll().as('c'))
            .where('product_id', '=', productId)
            .executeTakeFirst()
        )?.c ?? 0,
      )
    : 0;

/**
 * Validates every child list of a composite body against the product as it will be (`product` = stored record
 * merged with the new fields): types and bounds, at most three tiers (at least one when that price strategy is
 * chosen), member levels that exist, attribute values of the product's type, and SKUs — a type with spec
 * attributes needs at least one ("No SKU information").
 */
export async function productLists(db: Db, body: Row, product: Row, id?: number): Promise<ProductLists> {
  const out: ProductLists = {};
  const attrs = await attributesOfType(db, product.productAttributeCategoryId);
  const specNames = attrs.filter((a) => a.type === ProductAttributeType.spec).map((a) => a.name);
  const promotionType = Number(product.promotionType ?? ProductPromotionType.originalPrice);

  const skus = listOf(body, 'skuStockList');
  if (skus) out.skuStockList = checkSkus(skus, specNames);
  const skuCount = skus ? skus.length : await count(db, 'skuStock', id);
  if (specNames.length && !skuCount) throw refused(Messages.noSku);

  for (const [field, strategy] of [
    ['productLadderList', ProductPromotionType.ladder],
    ['productFullReductionList', ProductPromotionType.fullReduction],
  ] as const) {
    const list = listOf(body, field);
    const rows = list && childRows(CHILD_LISTS[field], field, list);
    if (rows && rows.length > MAX_TIERS) throw validationFailed({ [field]: Messages.tooMany });
    if (promotionType !== strategy) {
      if (rows) out[field] = rows;
      continue;
    }
    const n = rows ? rows.length : await count(db, CHILD_LISTS[field], id);
    if (!n) throw validationFailed({ [field]: Messages.atLeastOne });
    rows?.forEach((r, i) => tierRule(field, i, r));
    if (rows) out[field] = rows;
  }

  const members = listOf(body, 'memberPriceList');
  if (members) out.memberPriceList = await memberPrices(db, members);
  if (promotionType === ProductPromotionType.memberPrice) {
    const n = members ? members.length : await count(db, CHILD_LISTS.memberPriceList, id);
    if (!n) throw validationFailed({ memberPriceList: Messages.atLeastOne });
  }
  if (promotionType === ProductPromotionType.promotionPrice) promotionRule(product);

  const values = listOf(body, 'productAttributeValueList');
  if (values) out.productAttributeValueList = attributeValues(values, attrs);
  return out;
}

/** Values of attributes of the product's type, one per attribute; a spec attribute's comma list has no empty or repeated item. */
function attributeValues(list: Row[], attrs: { id: number; type: number }[]): Row[] {
  const rows = childRows('productAttributeValue', 'productAttributeValueList', list);
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
  return rows;
}
