import type { ResourceModule } from '../../kit';
import { lazyNamed, lazyScreen } from '../../kit/lazyScreen';

/** Orders (/oms/order, /oms/orderDetail): the generated list with order actions; a hand-written detail page. */
export const order: ResourceModule = {
  list: lazyNamed(() => import('./OrderList'), 'OrderList'),
  show: lazyScreen(() => import('./OrderShow')),
};
