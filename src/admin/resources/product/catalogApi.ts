import type { Page } from '../../../shared/envelope';
import type {
  ProductAttribute,
  ProductAttributeCategory,
  ProductCategory,
  SkuStock,
} from '../../../../generated/types';
import { callAction } from '../../providers/actions';
import type { Draft } from '../../kit/schema';

/**
 * The upstream catalog calls the hand-written screens make beside react-admin's dataProvider. Records are the
 * generated types (generated/types.ts, from the schemas); only upstream's own shapes (a tree, a type with its
 * attributes, attrInfo) are declared here.
 */

export type Attribute = ProductAttribute;

/** GET /productCategory/list/withChildren: the two-level tree. */
export type CategoryNode = ProductCategory & { children?: CategoryNode[] };

/** GET /productAttribute/category/list/withAttr: each product type with its attributes. */
export type TypeWithAttrs = ProductAttributeCategory & { productAttributeList?: ProductAttribute[] };

/** A SKU row as the form and the stock dialog edit it (new rows have no id yet, numbers may be cleared). */
export type Sku = Draft<SkuStock>;

const ALL = { pageNum: 1, pageSize: 200 };

/** A list call that answers either a bare array (upstream's list calls) or a page. */
const rows = <T>(data: T[] | Page<T>): T[] => (Array.isArray(data) ? data : (data?.list ?? []));

/** The spec (0) or param (1) attributes of a product type. */
export const fetchAttributes = async (typeId: number, type: NonNullable<ProductAttribute['type']>) =>
  rows(await callAction<Page<Attribute>>('productAttribute', 'listOfType', { id: typeId, query: { type, ...ALL } }));
