/** Child list → its internal entity (rows replaced as a whole); SKUs are saved apart (ids kept). */
export const CHILD_LISTS = {
  memberPriceList: 'memberPrice',
  productLadderList: 'productLadder',
  productFullReductionList: 'productFullReduction',
  productAttributeValueList: 'productAttributeValue',
} as const;

/** Entities whose rows belong to one product (`product_id`). */
export type ChildEntity = (typeof CHILD_LISTS)[keyof typeof CHILD_LISTS] | 'skuStock';
