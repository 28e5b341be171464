/**
 * Chinese of the English values the server seeds (src/server/domains/seed): roles, resource categories, resources,
 * member levels. Shown through `seed.<value>` (see seed.ts); a value not listed shows as stored.
 */
export const seedAccessZh: Record<string, string> = {
  // Roles and their descriptions
  'Super admin': '超级管理员',
  Seller: '卖家',
  Operator: '运营人员',
  'Everything, all shops': '拥有全部权限，管理所有店铺',
  'A store owner: own shops, products, orders, marketing and members': '店主：管理自己的店铺、商品、订单、营销和会员',
  'Platform staff: products and marketing': '平台员工：管理商品和营销',
  // Resource categories
  Products: '商品',
  Orders: '订单',
  Marketing: '营销',
  Permissions: '权限',
  Content: '内容',
  Stores: '店铺',
  Members: '会员',
  Other: '其他',
  // Resources
  Brands: '品牌管理',
  'Brands (read)': '品牌查看',
  'Product types': '商品类型管理',
  'Product attributes': '商品属性管理',
  'Product attributes and types (read)': '商品属性和类型查看',
  'Product categories': '商品分类管理',
  'Product categories (read)': '商品分类查看',
  'SKU stock': 'SKU 库存管理',
  'Image uploads': '图片上传',
  'Return applications': '退货申请管理',
  'Return reasons': '退货原因管理',
  'Order settings': '订单设置',
  'Company addresses': '收货地址管理',
  Coupons: '优惠券管理',
  'Coupon history': '优惠券领取记录',
  'Flash promotions': '秒杀活动管理',
  'Flash promotion products': '秒杀商品管理',
  'Flash sessions': '秒杀场次管理',
  'Home adverts': '首页轮播广告',
  'Home brands': '首页品牌推荐',
  'Home new products': '首页新品推荐',
  'Home hot products': '首页人气推荐',
  'Home subjects': '首页专题推荐',
  'Preferred areas': '优选专区',
  Subjects: '专题管理',
  'Admin users': '后台用户管理',
  Roles: '角色管理',
  Menus: '菜单管理',
  'Resource categories': '资源分类管理',
  Resources: '资源管理',
  Shops: '店铺管理',
  'VIP memberships (grant, list)': 'VIP 会员（授予、查看）',
  'Member levels': '会员等级管理',
  'Member levels (read)': '会员等级查看',
};

/** Values whose Chinese depends on the entity (`seed.<resource>.<value>` wins over `seed.<value>`). */
export const seedByResourceZh: Record<string, Record<string, string>> = {
  memberLevel: { Gold: '黄金会员', Platinum: '白金会员', Diamond: '钻石会员', Regular: '普通会员' },
};
