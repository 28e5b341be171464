import type { Identifier, RaRecord } from 'react-admin';
import { api } from '../../providers/http';
import { entityPath } from '../../kit/schema';
import { crudPath } from '../../../shared/crud-paths';
import { fetchAttrInfo } from '../product/catalogApi';

type Body = Record<string, unknown>;

/** A category (the generic GET <path>/{id}) with its filter attributes as form rows (`filterAttrs`, at least one row). */
export const loadCategory = async (id: Identifier): Promise<RaRecord> => {
  const [category, info] = await Promise.all([
    api<RaRecord>(crudPath(entityPath('productCategory'), 'get', { id })),
    fetchAttrInfo(Number(id)),
  ]);
  const filterAttrs = info.map((i) => ({ attributeId: i.attributeId }));
  return { ...category, filterAttrs: filterAttrs.length ? filterAttrs : [{}] };
};

/** Form rows → upstream's PmsProductCategoryParam `productAttributeIdList`. */
export const toCategoryBody = ({ filterAttrs, ...data }: Body): Body => ({
  ...data,
  productAttributeIdList: [
    ...new Set(
      ((filterAttrs as { attributeId?: number }[]) ?? []).map((r) => r.attributeId).filter((id): id is number => !!id),
    ),
  ],
});
