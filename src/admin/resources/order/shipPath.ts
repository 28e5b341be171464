import type { Identifier } from 'react-admin';
import { routePath } from '../../routes/routePath';

/** The shipping screen for these orders (`/oms/deliverOrderList?ids=1,2`). */
export const shipPath = (ids: Identifier[]) => `${routePath('deliverOrderList')}?ids=${ids.join(',')}`;
