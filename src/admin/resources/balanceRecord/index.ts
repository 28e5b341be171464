import type { ResourceModule } from '../../kit';
import { BalanceList } from './BalanceList';

/** Balance records (/oms/balanceList): the generated list with the cashier and recharge. */
export const balanceRecord: ResourceModule = { list: BalanceList };
