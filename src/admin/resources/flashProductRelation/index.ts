import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** A flash session's products; added through the product picker, edited on the generated form. */
export const flashProductRelation: ResourceModule = {
  list: lazyNamed(() => import('./FlashProductList'), 'FlashProductList'),
};
