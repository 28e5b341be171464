import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Products (/pms/product): hand-written list, form (composite with SKUs) and batch operations. */
export const product: ResourceModule = {
  list: lazyNamed(() => import('./ProductList'), 'ProductList'),
  create: lazyNamed(() => import('./ProductScreens'), 'ProductCreate'),
  edit: lazyNamed(() => import('./ProductScreens'), 'ProductEdit'),
};
