import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Balance records (/oms/balanceList): the generated list with the cashier and recharge. */
export const balanceRecord: ResourceModule = { list: lazyNamed(() => import('./BalanceList'), 'BalanceList') };
