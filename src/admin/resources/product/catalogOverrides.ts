import type { ResourceModule } from '../../screens';
import { brand } from '../brand';
import { productAttribute } from '../productAttribute';
import { productAttributeCategory } from '../productAttributeCategory';
import { productCategory } from '../productCategory';
import { product } from './index';

/** Issue 4's screens: the catalog (/pms). */
export const catalogOverrides: Record<string, Partial<ResourceModule>> = {
  product, productCategory, productAttribute, productAttributeCategory, brand,
};
