import { ResourceCategoryForm } from '../../../../generated/admin/resourceCategory/ResourceCategoryForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../kit/SavedScreens';
import { ResourceCategoryList } from './ResourceCategoryList';

/** Resource categories (/ums/resourceCategory, reached from the resource list). */
export const resourceCategory: Partial<ResourceModule> = { list: ResourceCategoryList, ...savedScreens(ResourceCategoryForm) };
