import type { ResourceModule } from '../../kit';
import { AttributeList } from './AttributeList';
import { AttributeCreate, AttributeEdit } from './AttributeScreens';

/** Attributes (/pms/productAttrList): listed per product type and kind, every upstream field in the form. */
export const productAttribute: ResourceModule = { list: AttributeList, create: AttributeCreate, edit: AttributeEdit };
