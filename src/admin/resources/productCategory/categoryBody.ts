import type { Identifier, RaRecord } from 'react-admin';
import { api } from '../../providers/http';
import { fetchAttrInfo } from '../product/catalogApi';

type Body = Record<string, unknown>;

/** A category with its filter attributes as form rows (`filterAttrs`, at least one row). */
export const loadCategory = async (id: Identifier): Promise<RaRecord> => {
  const [category, info] = await Promise.all([api<RaRecord>(`/productCategory/${id}`), fetchAttrInfo(Number(id))]);
  const filterAttrs = info.map((i) => ({ attributeId: i.attributeId }));
  return { ...category, filterAttrs: filterAttrs.length ? filterAttrs : [{}] };
};

/** Form rows → upstream's PmsProductCategoryParam `productAttributeIdList`. */
export const toCategoryBody = ({ filterAttrs, ...data }: Body): Body => ({
  ...data,
  productAttributeIdList: [
    ...new Set(((filterAttrs as { attributeId?: number }[]) ?? []).map((r) => r.attributeId).filter((id): id is number => !!id)),
  ],
});

export const categoryDefaults: Body = { parentId: 0, navStatus: 0, showStatus: 1, sort: 0, filterAttrs: [{}] };
