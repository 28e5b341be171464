import type { ComponentType } from 'react';
import { Dashboard } from '../pages/Dashboard';
import { accessScreens } from '../resources/access';

/**
 * Hand-written screens at their spec path, by route name (those without a resource: `/home`, `/pay/index`,
 * `/oms/orderSetting`...). A route with neither a screen here nor a resource shows "coming soon".
 */
export const customScreens: Record<string, ComponentType> = {
  home: Dashboard,
  ...accessScreens,
};
