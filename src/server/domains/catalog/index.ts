import type { Domain } from '../../context.js';
import { attributeCategoryRoutes } from './attribute-category-routes.js';
import { attributeRoutes } from './attribute-routes.js';
import { registerBrandHooks } from './brand-hooks.js';
import { categoryRoutes } from './category-routes.js';
import { registerShopCounts } from './counts.js';
import { registerProductHooks } from './product-hooks.js';
import { productRoutes } from './product-routes.js';
import { skuRoutes } from './sku-routes.js';

/** The /pms area on upstream paths: products (composite, batch, recycle bin), SKUs, categories, types, attributes. */
export const catalogDomain: Domain = (routes, ctx) => {
  registerProductHooks(ctx.db);
  registerBrandHooks(ctx.db);
  registerShopCounts(ctx.db);
  productRoutes(routes, ctx);
  skuRoutes(routes, ctx);
  categoryRoutes(routes, ctx);
  attributeCategoryRoutes(routes, ctx);
  attributeRoutes(routes, ctx);
};
