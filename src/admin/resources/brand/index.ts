import { BrandForm } from '../../../../generated/admin/brand/BrandForm';
import type { ResourceModule } from '../../screens';
import { savedScreens } from '../../kit/SavedScreens';
import { BrandList } from './BrandList';

/** Brands (/pms/brand): generated form (logo and big picture upload through the kit's ImageInput). */
export const brand: Partial<ResourceModule> = { list: BrandList, ...savedScreens(BrandForm) };
