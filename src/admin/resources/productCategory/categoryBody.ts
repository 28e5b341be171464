import type { Identifier, RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';

type Body = Record<string, unknown>;

/**
 * A category (the generic read) with its filter attributes (GET /productAttribute/attrInfo/{id}) as form rows
 * (`filterAttrs`, at least one row).
 */
export const loadCategory = async (id: Identifier, provider: AppDataProvider): Promise<RaRecord> => {
  const [{ data: category }, info] = await Promise.all([
    provider.getOne('productCategory', { id }),
    provider.action<{ attributeId: number }[]>('productAttribute', 'attrInfo', { id }),
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
