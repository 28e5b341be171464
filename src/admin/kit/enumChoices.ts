import { useResourceContext, useTranslate } from 'react-admin';

/** i18n key of an enum value label: `enums.<resource>.<field>.<value>` (generated/i18n). */
export const enumKey = (resource: string, field: string, value: unknown) =>
  `enums.${resource}.${field}.${String(value)}`;

/** Choices `{id, name}` for an enum field, labels translated from the generated enum keys. */
export function useEnumChoices(field: string, values: readonly (string | number)[], resourceProp?: string) {
  const resource = useResourceContext({ resource: resourceProp }) ?? '';
  const translate = useTranslate();
  return values.map((id) => ({ id, name: translate(enumKey(resource, field, id), { _: String(id) }) }));
}
