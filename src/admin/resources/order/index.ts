import { lazy } from 'react';
import type { ResourceModule } from '../../kit';
import { OrderList } from './OrderList';

/** Orders (/oms/order, /oms/orderDetail): the generated list with order actions; a hand-written detail page. */
export const order: ResourceModule = { list: OrderList, show: lazy(() => import('./OrderShow')) };
