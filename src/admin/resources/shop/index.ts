import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Shops (/shop/shopList, /shop/addShop, /shop/updateShop): the generated list; a form in sections. */
export const shop: ResourceModule = {
  create: lazyNamed(() => import('./ShopScreens'), 'ShopCreate'),
  edit: lazyNamed(() => import('./ShopScreens'), 'ShopEdit'),
};
