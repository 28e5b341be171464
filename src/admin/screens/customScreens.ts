import type { ComponentType } from 'react';
import { lazyNamed } from '../kit/lazyScreen';

/**
 * Hand-written screens at their spec path, by route name (those without a resource: `/home`, `/pay/index`,
 * `/oms/orderSetting`...), each loaded on its first visit. A route with neither a screen here nor a resource shows
 * "coming soon".
 */
export const customScreens: Record<string, ComponentType> = {
  home: lazyNamed(() => import('../pages/dashboard/Dashboard'), 'Dashboard'),
  allocMenu: lazyNamed(() => import('../resources/role/AllocMenuPage'), 'AllocMenuPage'),
  allocResource: lazyNamed(() => import('../resources/role/AllocResourcePage'), 'AllocResourcePage'),
  pay: lazyNamed(() => import('../resources/vipMembership/VipPage'), 'VipPage'),
  deliverOrderList: lazyNamed(() => import('../resources/order/DeliverOrderPage'), 'DeliverOrderPage'),
  orderSetting: lazyNamed(() => import('../resources/orderSetting/OrderSettingPage'), 'OrderSettingPage'),
  selectSession: lazyNamed(() => import('../resources/flash/SelectSessionPage'), 'SelectSessionPage'),
};
