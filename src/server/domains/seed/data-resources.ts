/** Resource categories as upstream, plus ours; `group` is the menu group whose roles get its resources. */
export const RESOURCE_CATEGORIES = [
  { name: 'Products', sort: 6, group: 'pms' },
  { name: 'Orders', sort: 5, group: 'oms' },
  { name: 'Marketing', sort: 4, group: 'sms' },
  { name: 'Permissions', sort: 3, group: 'ums' },
  { name: 'Content', sort: 2, group: 'sms' },
  { name: 'Other', sort: 1, group: 'member' },
  { name: 'Stores', sort: 0, group: 'shop' },
] as const;

type Category = (typeof RESOURCE_CATEGORIES)[number]['name'];

/** Upstream's URL patterns (ums_resource), in upstream order. */
export const RESOURCES: { name: string; url: string; category: Category }[] = [
  { name: 'Brands', url: '/brand/**', category: 'Products' },
  { name: 'Product types', url: '/productAttribute/category/**', category: 'Products' },
  { name: 'Product attributes', url: '/productAttribute/**', category: 'Products' },
  { name: 'Product categories', url: '/productCategory/**', category: 'Products' },
  { name: 'Products', url: '/product/**', category: 'Products' },
  { name: 'SKU stock', url: '/sku/**', category: 'Products' },
  { name: 'Orders', url: '/order/**', category: 'Orders' },
  { name: 'Return applications', url: '/returnApply/**', category: 'Orders' },
  { name: 'Return reasons', url: '/returnReason/**', category: 'Orders' },
  { name: 'Order settings', url: '/orderSetting/**', category: 'Orders' },
  { name: 'Company addresses', url: '/companyAddress/**', category: 'Orders' },
  { name: 'Coupons', url: '/coupon/**', category: 'Marketing' },
  { name: 'Coupon history', url: '/couponHistory/**', category: 'Marketing' },
  { name: 'Flash promotions', url: '/flash/**', category: 'Marketing' },
  { name: 'Flash promotion products', url: '/flashProductRelation/**', category: 'Marketing' },
  { name: 'Flash sessions', url: '/flashSession/**', category: 'Marketing' },
  { name: 'Home adverts', url: '/home/advertise/**', category: 'Marketing' },
  { name: 'Home brands', url: '/home/brand/**', category: 'Marketing' },
  { name: 'Home new products', url: '/home/newProduct/**', category: 'Marketing' },
  { name: 'Home hot products', url: '/home/recommendProduct/**', category: 'Marketing' },
  { name: 'Home subjects', url: '/home/recommendSubject/**', category: 'Marketing' },
  { name: 'Preferred areas', url: '/prefrenceArea/**', category: 'Content' },
  { name: 'Subjects', url: '/subject/**', category: 'Content' },
  { name: 'Admin users', url: '/admin/**', category: 'Permissions' },
  { name: 'Roles', url: '/role/**', category: 'Permissions' },
  { name: 'Menus', url: '/menu/**', category: 'Permissions' },
  { name: 'Resource categories', url: '/resourceCategory/**', category: 'Permissions' },
  { name: 'Resources', url: '/resource/**', category: 'Permissions' },
  { name: 'Member levels', url: '/memberLevel/**', category: 'Other' },
];

/** Category of an entity's own resource, by the menu group holding its screens. */
export const categoryOfGroup = (group: string | undefined): Category => {
  switch (group) {
    case 'pms': return 'Products';
    case 'oms': return 'Orders';
    case 'sms': return 'Marketing';
    case 'ums': return 'Permissions';
    case 'shop': case 'shopCenter': return 'Stores';
    default: return 'Other';
  }
};
