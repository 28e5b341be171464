import { entities } from '../../../generated/admin/entities';
import type { ShopInputProps } from './ShopInput';

/** ShopInput props of a shop-scoped entity, read from its schema (`x-admin.tenant` and that field's `ref`). */
export function tenantShopProps(resource: string): Pick<ShopInputProps, 'source' | 'reference' | 'optionText'> {
  const meta = entities[resource];
  const field = meta?.fields.find((f) => f.name === meta.tenant);
  if (!field?.ref) throw new Error(`${resource} is not shop-scoped`);
  return { source: field.name, reference: field.ref.resource, optionText: field.ref.display };
}
