type Body = Record<string, unknown>;

const TIER_OF: Record<string, number> = { memberPriceList: 2, productLadderList: 3, productFullReductionList: 4 };

const priced = (list: unknown) =>
  (Array.isArray(list) ? list : []).filter((m) => m && m.memberPrice !== null && m.memberPrice !== undefined && m.memberPrice !== '');

/**
 * The form's values as upstream's PmsProductParam: each strategy list is sent for its own price strategy only
 * (an empty list clears the others), empty attribute values are left out.
 */
export const toProductBody = (data: Body): Body => {
  const type = Number(data.promotionType ?? 0);
  const out: Body = { ...data };
  for (const [field, strategy] of Object.entries(TIER_OF)) {
    const list = field === 'memberPriceList' ? priced(data[field]) : ((data[field] as unknown[]) ?? []);
    out[field] = type === strategy ? list : [];
  }
  out.productAttributeValueList = ((data.productAttributeValueList as { value?: string }[]) ?? []).filter((v) => v.value);
  out.skuStockList = (data.skuStockList as unknown[]) ?? [];
  return out;
};

/** A new product: the schema's defaults plus empty child lists. */
export const productDefaults: Body = {
  publishStatus: 0,
  newStatus: 0,
  recommandStatus: 0,
  previewStatus: 0,
  verifyStatus: 0,
  sort: 0,
  price: 0,
  stock: 0,
  lowStock: 0,
  giftGrowth: 0,
  giftPoint: 0,
  usePointLimit: 0,
  promotionPerLimit: 0,
  promotionType: 0,
  serviceIds: '',
  memberPriceList: [],
  productLadderList: [],
  productFullReductionList: [],
  productAttributeValueList: [],
  skuStockList: [],
};
