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
  /** Roles granted it (the super admin passes every check anyway). */
  roles: string[];
}

/**
 * Upstream's URL patterns (ums_resource) and ours, with who gets them. Sellers read the platform catalog
 * (brands, categories, attributes, member levels: every platform-wide entity) but change only their own products, orders, marketing, shops and
 * members; operators run the catalog and marketing; only the super admin reaches /admin, /role, /menu, /resource*
 * and /vip (granting VIP).
 */
export const RESOURCES: SeedResource[] = [
  { name: 'Brands', url: '/brand/**', category: 'Products', roles: [OPERATOR] },
  { name: 'Brands (read)', url: 'GET /brand/**', category: 'Products', roles: [SELLER] },
  { name: 'Product types', url: '/productAttribute/category/**', category: 'Products', roles: [OPERATOR] },
  { name: 'Product attributes', url: '/productAttribute/**', category: 'Products', roles: [OPERATOR] },
  {
    name: 'Product attributes and types (read)',
    url: 'GET /productAttribute/**',
    category: 'Products',
    roles: [SELLER],
  },
  { name: 'Product categories', url: '/productCategory/**', category: 'Products', roles: [OPERATOR] },
  { name: 'Product categories (read)', url: 'GET /productCategory/**', category: 'Products', roles: [SELLER] },
  { name: 'Products', url: '/product/**', category: 'Products', roles: [SELLER, OPERATOR] },
  { name: 'SKU stock', url: '/sku/**', category: 'Products', roles: [SELLER, OPERATOR] },
  { name: 'Image uploads', url: '/minio/**', category: 'Products', roles: [SELLER, OPERATOR] },
  { name: 'Dashboard', url: 'GET /dashboard/**', category: 'Stores', roles: [SELLER, OPERATOR] },
  { name: 'Orders', url: '/order/**', category: 'Orders', roles: [SELLER] },
  { name: 'Return applications', url: '/returnApply/**', category: 'Orders', roles: [SELLER] },
  // Return reasons and the order settings are the platform's: sellers read them.
  { name: 'Return reasons', url: '/returnReason/**', category: 'Orders', roles: [] },
  { name: 'Return reasons (read)', url: 'GET /returnReason/**', category: 'Orders', roles: [SELLER] },
  { name: 'Order settings', url: '/orderSetting/**', category: 'Orders', roles: [] },
  { name: 'Order settings (read)', url: 'GET /orderSetting/**', category: 'Orders', roles: [SELLER] },
  { name: 'Company addresses', url: '/companyAddress/**', category: 'Orders', roles: [SELLER] },
  { name: 'Coupons', url: '/coupon/**', category: 'Marketing', roles: [SELLER, OPERATOR] },
  { name: 'Coupon history', url: '/couponHistory/**', category: 'Marketing', roles: [SELLER, OPERATOR] },
  { name: 'Flash promotions', url: '/flash/**', category: 'Marketing', roles: [SELLER, OPERATOR] },
  {
    name: 'Flash promotion products',
    url: '/flashProductRelation/**',
    category: 'Marketing',
    roles: [SELLER, OPERATOR],
  },
  // Flash sessions, preferred areas and subjects are the platform's (no shop of their own): sellers read them.
  { name: 'Flash sessions', url: '/flashSession/**', category: 'Marketing', roles: [OPERATOR] },
  { name: 'Flash sessions (read)', url: 'GET /flashSession/**', category: 'Marketing', roles: [SELLER] },
  { name: 'Home adverts', url: '/home/advertise/**', category: 'Marketing', roles: [SELLER, OPERATOR] },
  // The homepage and the news are the platform's: operators run them, sellers read them.
  { name: 'Home brands', url: '/home/brand/**', category: 'Marketing', roles: [OPERATOR] },
  { name: 'Home new products', url: '/home/newProduct/**', category: 'Marketing', roles: [OPERATOR] },
  { name: 'Home hot products', url: '/home/recommendProduct/**', category: 'Marketing', roles: [OPERATOR] },
  { name: 'Home subjects', url: '/home/recommendSubject/**', category: 'Marketing', roles: [OPERATOR] },
  { name: 'Homepage recommendations (read)', url: 'GET /home/*/**', category: 'Marketing', roles: [SELLER] },
  { name: 'Preferred areas', url: '/prefrenceArea/**', category: 'Content', roles: [OPERATOR] },
  { name: 'Preferred areas (read)', url: 'GET /prefrenceArea/**', category: 'Content', roles: [SELLER] },
  { name: 'Subjects', url: '/subject/**', category: 'Content', roles: [OPERATOR] },
  { name: 'Subjects (read)', url: 'GET /subject/**', category: 'Content', roles: [SELLER] },
  { name: 'News', url: '/news/**', category: 'Content', roles: [OPERATOR] },
  { name: 'News (read)', url: 'GET /news/**', category: 'Content', roles: [SELLER] },
  { name: 'Referral settings', url: '/referralSetting/**', category: 'Members', roles: [] },
  { name: 'Referral settings (read)', url: 'GET /referralSetting/**', category: 'Members', roles: [SELLER] },
  { name: 'Admin users', url: '/admin/**', category: 'Permissions', roles: [] },
  { name: 'Roles', url: '/role/**', category: 'Permissions', roles: [] },
  { name: 'Menus', url: '/menu/**', category: 'Permissions', roles: [] },
  { name: 'Resource categories', url: '/resourceCategory/**', category: 'Permissions', roles: [] },
  { name: 'Resources', url: '/resource/**', category: 'Permissions', roles: [] },
  { name: 'Shops', url: '/shop/**', category: 'Stores', roles: [SELLER] },
  { name: 'VIP memberships (grant, list)', url: '/vip/**', category: 'Stores', roles: [] },
  { name: 'Members', url: '/member/**', category: 'Members', roles: [SELLER] },
  { name: 'Member levels', url: '/memberLevel/**', category: 'Members', roles: [] },
  { name: 'Member levels (read)', url: 'GET /memberLevel/**', category: 'Members', roles: [SELLER] },
];

/** Category of an entity's own resource (one not listed above), by the menu group holding its screens. */
export const categoryOfGroup = (group: string | undefined): Category =>
  RESOURCE_CATEGORIES.find((c) => c.group && c.group === group)?.name ?? (group === 'shopCenter' ? 'Stores' : 'Other');
