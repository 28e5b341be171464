import type { ResourceModule } from '../../screens';
import { AttributeList } from './AttributeList';
import { AttributeCreate, AttributeEdit } from './AttributeScreens';

/** Attributes (/pms/productAttrList): listed per product type and kind, every upstream field in the form. */
export const productAttribute: Partial<ResourceModule> = { list: AttributeList, create: AttributeCreate, edit: AttributeEdit };
