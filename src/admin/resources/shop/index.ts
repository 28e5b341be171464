import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../kit/SavedScreens';
import { ShopCreate } from './ShopCreate';
import { ShopForm } from './ShopForm';
import { ShopList } from './ShopList';

/** Shops (/shop/shopList, /shop/addShop, /shop/updateShop). */
export const shop: Partial<ResourceModule> = { list: ShopList, create: ShopCreate, edit: savedScreens(ShopForm).edit };
