import { lazy } from 'react';
import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyNamed';

/** Return applications (/oms/returnApply, /oms/returnApplyDetail): generated list; the detail handles the steps. */
export const returnApply: ResourceModule = {
  list: lazyNamed(() => import('./ReturnApplyList'), 'ReturnApplyList'),
  show: lazy(() => import('./ReturnApplyShow')),
};
