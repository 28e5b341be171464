import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Product types (/pms/productAttr): the generated list with links to their attributes; generated form. */
export const productAttributeCategory: ResourceModule = { list: lazyNamed(() => import('./TypeList'), 'TypeList') };
