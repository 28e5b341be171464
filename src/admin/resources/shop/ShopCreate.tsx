import { Create } from 'react-admin';
import { useAccountsAccess } from '../admin/shared/useAccountsAccess';
import { useSaved } from '../../kit/useSaved';
import { ShopForm } from './ShopForm';
import { VipNotice } from './VipNotice';

const defaults = { status: 1, currency: 'USD', approvalMode: 0 };

/** /shop/addShop: a seller needs an active VIP membership (the server refuses otherwise, with its message). */
export const ShopCreate = () => (
  <Create mutationOptions={useSaved('submitSuccess')}>
    {!useAccountsAccess() && <VipNotice />}
    <ShopForm create defaultValues={defaults} />
  </Create>
);
