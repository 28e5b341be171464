import type { Page } from '../../../shared/envelope';
import { api } from '../../providers/http';

/** The upstream catalog calls the hand-written screens make beside react-admin's dataProvider. */

export interface CategoryNode {
  id: number;
  parentId: number;
  name: string;
  level: number;
  children?: CategoryNode[];
}

export interface Attribute {
  id: number;
  productAttributeCategoryId: number;
  name: string;
  selectType: number;
  inputType: number;
  inputList?: string | null;
  handAddStatus: number;
  type: number;
  sort: number;
}

export interface TypeWithAttrs {
  id: number;
  name: string;
  productAttributeList?: Attribute[];
}

export interface MemberLevel {
  id: number;
  name: string;
}

export interface Sku {
  id?: number;
  productId?: number;
  skuCode?: string | null;
  price?: number | null;
  promotionPrice?: number | null;
  stock?: number | null;
  lowStock?: number | null;
  pic?: string | null;
  spData?: string | null;
}

const ALL = { pageNum: 1, pageSize: 200 };

/** A list call that answers either a bare array (upstream's list calls) or a page. */
const rows = <T>(data: T[] | Page<T>): T[] => (Array.isArray(data) ? data : (data?.list ?? []));

export const fetchCategoryTree = () => api<CategoryNode[]>('/productCategory/list/withChildren');

export const fetchAttributes = async (typeId: number, type: 0 | 1) =>
  rows(await api<Page<Attribute>>(`/productAttribute/list/${typeId}`, { query: { type, ...ALL } }));

export const fetchTypesWithAttr = () => api<TypeWithAttrs[]>('/productAttribute/category/list/withAttr');

export const fetchAttrInfo = (categoryId: number) =>
  api<{ attributeId: number; attributeCategoryId: number }[]>(`/productAttribute/attrInfo/${categoryId}`);

export const fetchMemberLevels = async () => rows(await api<MemberLevel[] | Page<MemberLevel>>('/memberLevel/list', { query: ALL }));

export const fetchSkus = (productId: number, keyword?: string) => api<Sku[]>(`/sku/${productId}`, { query: { keyword } });

export const saveSkus = (productId: number, list: Sku[]) => api(`/sku/update/${productId}`, { method: 'POST', json: list });
