import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Product categories (/pms/productCate): two levels, drill-down, filter attributes. */
export const productCategory: ResourceModule = {
  list: lazyNamed(() => import('./CategoryList'), 'CategoryList'),
  create: lazyNamed(() => import('./CategoryScreens'), 'CategoryCreate'),
  edit: lazyNamed(() => import('./CategoryScreens'), 'CategoryEdit'),
};
