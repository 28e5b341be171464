import { registerProductImport } from './product-import.js';
import type { Domain } from '../../context.js';
import { attributeCategoryRoutes } from './attribute-category-routes.js';
import { attributeRoutes } from './attribute-routes.js';
import { brandRoutes } from './brand-routes.js';
import { categoryRoutes } from './category-routes.js';
import { registerShopCounts } from './counts.js';
import { productBatchRoutes } from './product-batch.js';
import { productRoutes } from './product-routes.js';
import { skuRoutes } from './sku-routes.js';

/** The /pms area on upstream paths: products (composite, batch, recycle bin), SKUs, categories, types, attributes. */
export const catalogDomain: Domain = (routes, ctx) => {
  registerProductImport();
  registerShopCounts();
  productRoutes(routes, ctx);
  productBatchRoutes(routes, ctx);
  skuRoutes(routes, ctx);
  categoryRoutes(routes, ctx);
  attributeCategoryRoutes(routes, ctx);
  attributeRoutes(routes, ctx);
  brandRoutes(routes, ctx);
};
