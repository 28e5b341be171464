import type { Identifier, RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

type Body = Record<string, unknown>;

/**
 * A category (the generic read, which carries its filter attributes as `productAttributeIdList`, a child list of its
 * schema) with those attributes as form rows (`filterAttrs`, at least one row).
 */
export const loadCategory = async (id: Identifier, provider: AppDataProvider): Promise<RaRecord> => {
  const { data } = await provider.getOne('productCategory', { id });
  const { productAttributeIdList, ...category } = data;
  const filterAttrs = ((productAttributeIdList as number[] | undefined) ?? []).map((attributeId) => ({ attributeId }));
  return { ...category, id: data.id, filterAttrs: filterAttrs.length ? filterAttrs : [{}] };
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
