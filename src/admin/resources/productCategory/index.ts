import type { ResourceModule } from '../../screens';
import { CategoryList } from './CategoryList';
import { CategoryCreate, CategoryEdit } from './CategoryScreens';

/** Product categories (/pms/productCate): two levels, drill-down, filter attributes. */
export const productCategory: Partial<ResourceModule> = { list: CategoryList, create: CategoryCreate, edit: CategoryEdit };
