import { SELLER_ROLE } from '../../core/auth.js';
import { OPERATOR_ROLE } from './data-accounts.js';

/** Resource categories as upstream, plus ours; `group` is the menu group of resources derived from entities. */
export const RESOURCE_CATEGORIES = [
  { name: 'Products', sort: 8, group: 'pms' },
  { name: 'Orders', sort: 7, group: 'oms' },
  { name: 'Marketing', sort: 6, group: 'sms' },
  { name: 'Permissions', sort: 5, group: 'ums' },
  { name: 'Content', sort: 4, group: 'sms' },
  { name: 'Stores', sort: 3, group: 'shop' },
  { name: 'Members', sort: 2, group: 'member' },
  { name: 'Other', sort: 1, group: '' },
] as const;

export type Category = (typeof RESOURCE_CATEGORIES)[number]['name'];

const SELLER = SELLER_ROLE;
const OPERATOR = OPERATOR_ROLE;

export interface SeedResource {
  name: string;
  /** Ant pattern, optionally prefixed by a method: `GET /brand/**` reaches only its read calls (core/access.ts). */
  url: string;
  category: Category;
  /**
   * Roles granted it (the super admin passes every check anyway). An entity's own resources (`<path>/**`, `GET
   * <path>/**`) are granted as its schema says (generated/menus.ts `entityAccess`), not here.
   */
  roles?: string[];
}

/**
 * Upstream's URL patterns (ums_resource) and ours, by the names and categories upstream gives them. Who gets an
 * entity's own (`<path>/**`, `GET <path>/**`) is said by the schemas (schemas/README.md, "Who gets a new entity");
 * `roles` here grant only the resources no entity owns. Entities not listed get theirs named after their label.
 */
export const RESOURCES: SeedResource[] = [
  { name: 'Brands', url: '/brand/**', category: 'Products' },
  { name: 'Brands (read)', url: 'GET /brand/**', category: 'Products' },
  { name: 'Product types', url: '/productAttribute/category/**', category: 'Products' },
  { name: 'Product attributes', url: '/productAttribute/**', category: 'Products' },
  {
    name: 'Product attributes and types (read)',
    url: 'GET /productAttribute/**',
    category: 'Products',
  },
  { name: 'Product categories', url: '/productCategory/**', category: 'Products' },
  { name: 'Product categories (read)', url: 'GET /productCategory/**', category: 'Products' },
  { name: 'Products', url: '/product/**', category: 'Products' },
  { name: 'SKU stock', url: '/sku/**', category: 'Products' },
  { name: 'Image uploads', url: '/minio/**', category: 'Products', roles: [SELLER, OPERATOR] },
  { name: 'Dashboard', url: 'GET /dashboard/**', category: 'Stores', roles: [SELLER, OPERATOR] },
  { name: 'Orders', url: '/order/**', category: 'Orders' },
  { name: 'Return applications', url: '/returnApply/**', category: 'Orders' },
  { name: 'Return reasons', url: '/returnReason/**', category: 'Orders' },
  { name: 'Return reasons (read)', url: 'GET /returnReason/**', category: 'Orders' },
  { name: 'Order settings', url: '/orderSetting/**', category: 'Orders' },
  { name: 'Order settings (read)', url: 'GET /orderSetting/**', category: 'Orders' },
  { name: 'Company addresses', url: '/companyAddress/**', category: 'Orders' },
  { name: 'Coupons', url: '/coupon/**', category: 'Marketing' },
  { name: 'Coupon history', url: '/couponHistory/**', category: 'Marketing' },
  { name: 'Flash promotions', url: '/flash/**', category: 'Marketing' },
  {
    name: 'Flash promotion products',
    url: '/flashProductRelation/**',
    category: 'Marketing',
  },
  { name: 'Flash sessions', url: '/flashSession/**', category: 'Marketing' },
  { name: 'Flash sessions (read)', url: 'GET /flashSession/**', category: 'Marketing' },
  { name: 'Home adverts', url: '/home/advertise/**', category: 'Marketing' },
  { name: 'Home brands', url: '/home/brand/**', category: 'Marketing' },
  { name: 'Home new products', url: '/home/newProduct/**', category: 'Marketing' },
  { name: 'Home hot products', url: '/home/recommendProduct/**', category: 'Marketing' },
  { name: 'Home subjects', url: '/home/recommendSubject/**', category: 'Marketing' },
  { name: 'Preferred areas', url: '/prefrenceArea/**', category: 'Content' },
  { name: 'Preferred areas (read)', url: 'GET /prefrenceArea/**', category: 'Content' },
  { name: 'Subjects', url: '/subject/**', category: 'Content' },
  { name: 'Subjects (read)', url: 'GET /subject/**', category: 'Content' },
  { name: 'News', url: '/news/**', category: 'Content' },
  { name: 'News (read)', url: 'GET /news/**', category: 'Content' },
  { name: 'Referral settings', url: '/referralSetting/**', category: 'Members' },
  { name: 'Referral settings (read)', url: 'GET /referralSetting/**', category: 'Members' },
  { name: 'Admin users', url: '/admin/**', category: 'Permissions' },
  { name: 'Roles', url: '/role/**', category: 'Permissions' },
  { name: 'Menus', url: '/menu/**', category: 'Permissions' },
  { name: 'Resource categories', url: '/resourceCategory/**', category: 'Permissions' },
  { name: 'Resources', url: '/resource/**', category: 'Permissions' },
  { name: 'Shops', url: '/shop/**', category: 'Stores' },
  { name: 'VIP memberships (grant, list)', url: '/vip/**', category: 'Stores' },
  { name: 'Members', url: '/member/**', category: 'Members' },
  { name: 'Member levels', url: '/memberLevel/**', category: 'Members' },
  { name: 'Member levels (read)', url: 'GET /memberLevel/**', category: 'Members' },
];

/** Category of an entity's own resource (one not listed above), by the menu group holding its screens. */
export const categoryOfGroup = (group: string | undefined): Category =>
  RESOURCE_CATEGORIES.find((c) => c.group && c.group === group)?.name ?? (group === 'shopCenter' ? 'Stores' : 'Other');
