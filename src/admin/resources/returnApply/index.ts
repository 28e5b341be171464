import { lazy } from 'react';
import type { ResourceModule } from '../../kit';
import { ReturnApplyList } from './ReturnApplyList';

/** Return applications (/oms/returnApply, /oms/returnApplyDetail): generated list; the detail handles the steps. */
export const returnApply: ResourceModule = { list: ReturnApplyList, show: lazy(() => import('./ReturnApplyShow')) };
