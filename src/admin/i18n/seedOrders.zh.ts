/**
 * Chinese of the English order data the server seeds (src/server/domains/seed/data-orders.ts): return reasons, and
 * why an order closed, as its history notes say.
 */
export const seedOrdersZh: Record<string, string> = {
  'Quality problem': '质量问题',
  'Size too big': '尺码太大',
  'Colour not liked': '颜色不喜欢',
  '7-day no-reason return': '7天无理由退货',
  'Price problem': '价格问题',
  'Invoice problem': '发票问题',
  'Other problem': '其他问题',
  'Payment timed out': '支付超时',
  'Customer asked to cancel': '顾客要求取消',
  'Out of stock': '缺货',
  'suspected fraud': '疑似欺诈',
};
