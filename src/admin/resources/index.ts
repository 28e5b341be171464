import type { ResourceModule } from '../screens';
import { accessOverrides } from './access';
import { catalogOverrides } from './product/catalogOverrides';

/**
 * Hand-written resource views, by resource name. Each key wins over the generated view of the same name, e.g.
 * `brand: { list: BrandList }` from `./brand/BrandList`. Empty until a screen needs more than codegen gives.
 */
export const overrides: Record<string, Partial<ResourceModule>> = {
  ...accessOverrides,
  ...catalogOverrides,
};
