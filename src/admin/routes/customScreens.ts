import type { ComponentType } from 'react';
import { Dashboard } from '../pages/dashboard/Dashboard';
import { VipPage } from '../pages/pay/VipPage';
import { AllocMenuPage } from '../resources/role/AllocMenuPage';
import { AllocResourcePage } from '../resources/role/AllocResourcePage';
import { DeliverOrderPage } from '../resources/order/DeliverOrderPage';
import { OrderSettingPage } from '../resources/orderSetting/OrderSettingPage';
import { SelectSessionPage } from '../resources/flash/SelectSessionPage';

/**
 * Hand-written screens at their spec path, by route name (those without a resource: `/home`, `/pay/index`,
 * `/oms/orderSetting`...). A route with neither a screen here nor a resource shows "coming soon".
 */
export const customScreens: Record<string, ComponentType> = {
  home: Dashboard,
  allocMenu: AllocMenuPage,
  allocResource: AllocResourcePage,
  pay: VipPage,
  deliverOrderList: DeliverOrderPage,
  orderSetting: OrderSettingPage,
  selectSession: SelectSessionPage,
};
