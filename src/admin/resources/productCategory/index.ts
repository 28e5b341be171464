import type { ResourceModule } from '../../kit';
import { CategoryList } from './CategoryList';
import { CategoryCreate, CategoryEdit } from './CategoryScreens';

/** Product categories (/pms/productCate): two levels, drill-down, filter attributes. */
export const productCategory: ResourceModule = { list: CategoryList, create: CategoryCreate, edit: CategoryEdit };
