import { ProductPromotionType } from '../../../../generated/enums';

type Body = Record<string, unknown>;

const TIER_OF: Record<string, number> = {
  memberPriceList: ProductPromotionType.memberPrice,
  productLadderList: ProductPromotionType.ladder,
  productFullReductionList: ProductPromotionType.fullReduction,
};

const priced = (list: unknown) =>
  (Array.isArray(list) ? list : []).filter(
    (m) => m && m.memberPrice !== null && m.memberPrice !== undefined && m.memberPrice !== '',
  );

/**
 * The form's values as upstream's PmsProductParam: each strategy list is sent for its own price strategy only
 * (an empty list clears the others), empty attribute values are left out.
 */
export const toProductBody = (data: Body): Body => {
  const type = Number(data.promotionType ?? ProductPromotionType.originalPrice);
  const out: Body = { ...data };
  for (const [field, strategy] of Object.entries(TIER_OF)) {
    const list = field === 'memberPriceList' ? priced(data[field]) : ((data[field] as unknown[]) ?? []);
    out[field] = type === strategy ? list : [];
  }
  out.productAttributeValueList = ((data.productAttributeValueList as { value?: string }[]) ?? []).filter(
    (v) => v.value,
  );
  out.skuStockList = (data.skuStockList as unknown[]) ?? [];
  return out;
};

/**
 * What a new product starts with besides the schema's defaults (useSchemaDefaults): no service, and empty child
 * lists (member prices, tiers, attribute values, SKUs), which the composite body always carries.
 */
export const productLists: Body = {
  serviceIds: '',
  memberPriceList: [],
  productLadderList: [],
  productFullReductionList: [],
  productAttributeValueList: [],
  skuStockList: [],
};
