/** The batch operations of the product list: each sets one batch param of upstream's `/product/update/<param>`. */
export const PRODUCT_OPS = {
  publishOn: { param: 'publishStatus', value: 1 },
  publishOff: { param: 'publishStatus', value: 0 },
  recommendOn: { param: 'recommendStatus', value: 1 },
  recommendOff: { param: 'recommendStatus', value: 0 },
  newOn: { param: 'newStatus', value: 1 },
  newOff: { param: 'newStatus', value: 0 },
  verifyOn: { param: 'verifyStatus', value: 1 },
  verifyOff: { param: 'verifyStatus', value: 0 },
  transfer: { param: 'productCategoryId', value: null },
  recycle: { param: 'deleteStatus', value: 1 },
} as const;

export type ProductOp = keyof typeof PRODUCT_OPS;
export const PRODUCT_OP_NAMES = Object.keys(PRODUCT_OPS) as ProductOp[];
