import type { ResourceModule } from '../../kit';
import { savedScreens } from '../../kit/SavedScreens';
import { ShopCreate } from './ShopCreate';
import { ShopForm } from './ShopForm';

/** Shops (/shop/shopList, /shop/addShop, /shop/updateShop): the generated list; a form in sections. */
export const shop: ResourceModule = { create: ShopCreate, edit: savedScreens(ShopForm).edit };
