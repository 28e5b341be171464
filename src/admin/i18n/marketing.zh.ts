import type { marketingEn } from './marketing.en';

/** 营销与推荐页面的中文文案。 */
export const marketingZh: typeof marketingEn = {
  pick: {
    choose: '选择%{name}',
    confirm: '添加 (%{smart_count})',
    chosen: '已添加',
  },
  flash: {
    setProducts: '设置商品',
    sessions: '%{title} 的时间段',
    productCount: '商品数量',
    productList: '商品列表',
    noSessions: '没有启用的时间段：请先在秒杀时间段中添加。',
    addProducts: '添加商品',
    pricesTitle: '秒杀价格、数量与限购',
    back: '返回时间段',
    chooseSession: '请从秒杀活动的时间段进入，再为某个时间段添加商品。',
  },
  coupon: {
    history: '领取详情',
  },
  referral: {
    copyLink: '复制链接',
    defaultRatio: '默认佣金比例',
    defaultRatioHelp: '新建链接未填写比例时使用（0 到 1 之间的小数）。',
  },
};
