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

/** Issue 3's screens: permissions (/ums), shops, members. */
export const accessOverrides: Record<string, Partial<ResourceModule>> = { admin, role, menu, resource, resourceCategory, shop, member };

/** Hand-written permission and VIP screens at their spec path, by route name (no resource serves them). */
export const accessScreens: Record<string, ComponentType> = {
  allocMenu: AllocMenuPage,
  allocResource: AllocResourcePage,
  pay: VipPage,
};
