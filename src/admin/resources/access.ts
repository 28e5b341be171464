import type { ComponentType } from 'react';
import { VipPage } from '../pages/pay/VipPage';
import type { ResourceModule } from '../screens';
import { admin } from './admin';
import { member } from './member';
import { menu } from './menu';
import { resource } from './resource';
import { resourceCategory } from './resourceCategory';
import { role } from './role';
import { AllocMenuPage } from './role/AllocMenuPage';
import { AllocResourcePage } from './role/AllocResourcePage';
import { shop } from './shop';
import { ShopList } from './shop/ShopList';
import { MemberList } from './member/MemberList';

/** Issue 3's screens: permissions (/ums), shops, members. */
export const accessOverrides: Record<string, Partial<ResourceModule>> = { admin, role, menu, resource, resourceCategory, shop, member };

/**
 * Issue 3's screens at their spec path, by route name. The shop and member lists are also served at their spec path:
 * their section paths (`/shop`, `/member`) are the resources' own paths, which the section redirects take over.
 */
export const accessScreens: Record<string, ComponentType> = {
  shopList: ShopList,
  memberList: MemberList,
  allocMenu: AllocMenuPage,
  allocResource: AllocResourcePage,
  pay: VipPage,
};
