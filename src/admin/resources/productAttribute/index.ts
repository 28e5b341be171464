import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Attributes (/pms/productAttrList): listed per product type and kind, every upstream field in the form. */
export const productAttribute: ResourceModule = {
  list: lazyNamed(() => import('./AttributeList'), 'AttributeList'),
  create: lazyNamed(() => import('./AttributeScreens'), 'AttributeCreate'),
  edit: lazyNamed(() => import('./AttributeScreens'), 'AttributeEdit'),
};
