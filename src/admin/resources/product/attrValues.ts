import type { ProductAttributeValue } from '../../../../generated/types';

/** `productAttributeValueList` items: one per attribute; a spec attribute's value is its chosen values comma-joined. */
export type AttrValue = Pick<ProductAttributeValue, 'productAttributeId' | 'value'>;

export const splitList = (text: unknown): string[] =>
  typeof text === 'string' && text
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export const valueOf = (list: AttrValue[], id: number) =>
  list.find((v) => Number(v.productAttributeId) === id)?.value ?? '';

/** The list with attribute `id` set to `value` (removed when empty), other items kept in place. */
export const withValue = (list: AttrValue[], id: number, value: string): AttrValue[] => {
  if (!value) return list.filter((v) => Number(v.productAttributeId) !== id);
  return list.some((v) => Number(v.productAttributeId) === id)
    ? list.map((v) => (Number(v.productAttributeId) === id ? { productAttributeId: id, value } : v))
    : [...list, { productAttributeId: id, value }];
};

/** Whether a new attribute value may join `existing`: not empty, not repeated (spec §5). */
export const newValueOk = (value: string, existing: string[]) => !!value.trim() && !existing.includes(value.trim());
