import { CreateScreen, savedScreens, useSchemaDefaults } from '../../kit';
import { useAccountsAccess } from '../admin/shared/useAccountsAccess';
import { ShopForm } from './ShopForm';
import { VipNotice } from './VipNotice';

/** /shop/addShop: a seller needs an active VIP membership (the server refuses otherwise, with its message). */
export const ShopCreate = () => (
  <CreateScreen>
    <>
      {!useAccountsAccess() && <VipNotice />}
      <ShopForm create defaultValues={useSchemaDefaults()} />
    </>
  </CreateScreen>
);

/** /shop/updateShop: the same form in sections. */
export const ShopEdit = savedScreens(ShopForm).edit;
