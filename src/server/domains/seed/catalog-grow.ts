import { generateProduct, type LeafRef, type Row } from './catalog-generate.js';

export type { Row };

/** What a dialect's bulk loader gets: where to start, how many, the demo refs, and a progress callback. */
export interface GrowJob {
  refs: LeafRef[];
  /** Products to add. */
  count: number;
  /** Products per transaction. */
  batch: number;
  onProgress(done: number): void;
}

export interface GrowResult {
  products: number;
  skus: number;
  /** Seconds spent re-indexing after the load (indexes, keyword search, counts). */
  indexSeconds: number;
}

/** Rows of one batch: products (with explicit ids, so SKUs can point at them), their SKUs. */
export interface Batch {
  products: Row[];
  skus: Row[];
}

/**
 * Products `firstIndex … firstIndex + n - 1` of the demo generator with ids from `firstId`; the index also keeps
 * names and SKU codes distinct from earlier runs. `now` anchors create times.
 */
export function makeBatch(refs: LeafRef[], firstIndex: number, firstId: number, n: number, now: number): Batch {
  const products: Row[] = [];
  const skus: Row[] = [];
  for (let k = 0; k < n; k++) {
    const id = firstId + k;
    const g = generateProduct(refs, firstIndex + k, id, now);
    g.product.id = id;
    products.push(g.product);
    for (const s of g.skus) skus.push({ ...s, product_id: id });
  }
  return { products, skus };
}

/** Column names of a generated row, in a fixed order. */
export const columnsOf = (row: Row) => Object.keys(row);
