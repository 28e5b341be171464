import type { ResourceModule } from '../../screens';
import { ProductList } from './ProductList';
import { ProductCreate, ProductEdit } from './ProductScreens';

/** Products (/pms/product): hand-written list, form (composite with SKUs) and batch operations. */
export const product: Partial<ResourceModule> = { list: ProductList, create: ProductCreate, edit: ProductEdit };
