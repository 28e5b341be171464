import { BalanceRecordList } from '../../../../generated/admin/balanceRecord/BalanceRecordList';
import { CashierButton } from './CashierButton';
import { RechargeButton } from './RechargeButton';

/** /oms/balanceList: the generated records list with the cashier and recharge in its toolbar. */
export const BalanceList = () => (
  <BalanceRecordList
    toolbar={
      <>
        <CashierButton />
        <RechargeButton />
      </>
    }
  />
);
