import type { ResourceModule } from '../../kit';
import { lazyNamed, lazyScreen } from '../../kit/lazyScreen';

/** Return applications (/oms/returnApply, /oms/returnApplyDetail): generated list; the detail handles the steps. */
export const returnApply: ResourceModule = {
  list: lazyNamed(() => import('./ReturnApplyList'), 'ReturnApplyList'),
  show: lazyScreen(() => import('./ReturnApplyShow')),
};
