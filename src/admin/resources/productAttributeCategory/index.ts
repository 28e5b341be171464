import type { ResourceModule } from '../../kit';
import { TypeList } from './TypeList';

/** Product types (/pms/productAttr): the generated list with links to their attributes; generated form. */
export const productAttributeCategory: ResourceModule = { list: TypeList };
