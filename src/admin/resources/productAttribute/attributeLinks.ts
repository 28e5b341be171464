/** The attribute list of one product type and kind (0 spec, 1 param): `/productAttribute?filter=…`. */
export const attributesLink = (typeId: unknown, type: unknown) => ({
  pathname: '/productAttribute',
  search: `?filter=${encodeURIComponent(JSON.stringify({ productAttributeCategoryId: Number(typeId), type: Number(type) }))}`,
});

/** Create an attribute of that type and kind. */
export const createAttributeLink = (typeId: unknown, type: unknown) => ({
  pathname: '/productAttribute/create',
  search: `?source=${encodeURIComponent(JSON.stringify({ productAttributeCategoryId: Number(typeId), type: Number(type) }))}`,
});

export const pathOf = ({ pathname, search }: { pathname: string; search: string }) => `${pathname}${search}`;
