import { entities } from '../../../generated/entities';
import { menuGroups, routes } from '../../../generated/menus';
import { seedAccessZh, seedByResourceZh } from './seedAccess.zh';
import { seedCatalogZh } from './seedCatalog.zh';
import { seedOrdersZh } from './seedOrders.zh';

/**
 * Values the server seeds in English (roles, menus, resources, levels, the demo catalog), translated at display:
 * `seed.<resource>.<value>`, else `seed.<value>`, else the value as stored (see seedText.ts). The seed also names
 * menus and entity resources by the generated English labels, whose Chinese the schemas hold.
 */
const generatedZh = (): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const e of Object.values(entities)) out[e.label.en] = e.label.zh;
  for (const m of [...menuGroups, ...routes]) out[m.title.en] = m.title.zh;
  return out;
};

/** English shows the stored value. */
export const seedEn = { seed: {} };

export const seedZh = {
  seed: { ...generatedZh(), ...seedAccessZh, ...seedCatalogZh, ...seedOrdersZh, ...seedByResourceZh },
};
