import type { Domain } from '../../context.js';

/**
 * Brands need nothing beyond the generic layer: every upstream brand call (list, create, update/{id},
 * update/showStatus, update/factoryStatus, GET delete/{id}, {id}, listAll, delete/batch) is a generic route or
 * one of the schema's aliases. Kept as the place for brand-only rules.
 */
export const brandDomain: Domain = () => {};
