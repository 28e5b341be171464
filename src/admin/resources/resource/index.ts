import { ResourceForm } from '../../../../generated/admin/resource/ResourceForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../kit/SavedScreens';
import { ResourceList } from './ResourceList';

/** Resources (/ums/resource): URL patterns such as `/brand/**`, grouped by category. */
export const resource: Partial<ResourceModule> = { list: ResourceList, ...savedScreens(ResourceForm) };
