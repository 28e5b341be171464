import { SELLER_ROLE, SUPER_ADMIN_ROLE } from '../../core/auth.js';
import { RolePlatform } from '../../../../generated/enums.js';
import { roles } from '../../../../generated/menus.js';

export const OPERATOR_ROLE = 'Operator';

/**
 * Demo accounts; their passwords are shown on the login page in demo mode. `ageDays`: created that many days
 * before the seed (the platform first, then its staff and the sellers), so lists show a history.
 */
export const DEMO_LOGINS = [
  {
    username: 'admin',
    password: 'admin123',
    role: SUPER_ADMIN_ROLE,
    nickName: 'Platform admin',
    email: 'admin@example.com',
    ageDays: 183,
  },
  {
    username: 'seller',
    password: 'seller123',
    role: SELLER_ROLE,
    nickName: 'Demo seller',
    email: 'seller@example.com',
    ageDays: 152,
  },
  {
    username: 'operator',
    password: 'operator123',
    role: OPERATOR_ROLE,
    nickName: 'Demo operator',
    email: 'operator@example.com',
    ageDays: 171,
  },
  {
    username: 'seller2',
    password: 'seller123',
    role: SELLER_ROLE,
    nickName: 'Second seller',
    email: 'seller2@example.com',
    ageDays: 63,
  },
] as const;

/** The shops a role of app-menus.json works in, as the role row stores it. */
const platformOf = (role: string) => (roles[role]?.shops === 'own' ? RolePlatform.ownShops : RolePlatform.allShops);

export const ROLES = [
  { name: SUPER_ADMIN_ROLE, description: 'Everything, all shops', sort: 3, platform: RolePlatform.allShops },
  {
    name: SELLER_ROLE,
    description: 'A store owner: own shops, products, orders, marketing and members',
    sort: 2,
    platform: platformOf(SELLER_ROLE),
  },
  {
    name: OPERATOR_ROLE,
    description: 'Platform staff: products and marketing',
    sort: 1,
    platform: platformOf(OPERATOR_ROLE),
  },
];

/** Whether a role's menu groups (schemas/app-menus.json `roles`) hold a group; the super admin's hold every one. */
export const roleHasGroup = (role: string, group: string) =>
  role === SUPER_ADMIN_ROLE || (roles[role]?.groups.includes(group) ?? false);
