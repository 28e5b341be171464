import { ProductAttributeCategoryForm } from '../../../../generated/admin/productAttributeCategory/ProductAttributeCategoryForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../kit/SavedScreens';
import { TypeList } from './TypeList';

/** Product types (/pms/productAttr): list with links to their attributes; the generated name form. */
export const productAttributeCategory: Partial<ResourceModule> = { list: TypeList, ...savedScreens(ProductAttributeCategoryForm) };
