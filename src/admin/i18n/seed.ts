import { seedAccessZh, seedByResourceZh } from './seedAccess.zh';
import { seedCatalogZh } from './seedCatalog.zh';
import { seedOrdersZh } from './seedOrders.zh';

/**
 * Values the server seeds in English (roles, menus, resources, levels, the demo catalog), translated at display:
 * `seed.<resource>.<value>`, else `seed.<value>`, else the value as stored (see seedText.ts). The seed also names
 * menus and entity resources by the generated English labels: generated/i18n/zh.ts carries their Chinese.
 * English shows the stored value.
 */
export const seedZh = {
  seed: { ...seedAccessZh, ...seedCatalogZh, ...seedOrdersZh, ...seedByResourceZh },
};
