import { lazy } from 'react';
import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyNamed';

/** Orders (/oms/order, /oms/orderDetail): the generated list with order actions; a hand-written detail page. */
export const order: ResourceModule = {
  list: lazyNamed(() => import('./OrderList'), 'OrderList'),
  show: lazy(() => import('./OrderShow')),
};
