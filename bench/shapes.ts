/** The product-list shapes the benchmark (run.ts) and the profile (profile.ts) load our server and the reference with. */
import type { Target } from './data.js';

const pick = (n: number) => 1 + Math.floor(Math.random() * n);

export type Shape = [name: string, query: (t: Target) => () => string];
export const PRODUCT_SHAPES: Shape[] = [
  [
    'brand + publish filter, pages 1–3',
    (t) => () => `pageNum=${pick(3)}&pageSize=20&publishStatus=1&brandId=${pick(t.brands)}`,
  ],
  ['publish filter only, pages 1–3', () => () => `pageNum=${pick(3)}&pageSize=20&publishStatus=1`],
  [
    'brand + publish, pages 1–250',
    (t) => () => `pageNum=${pick(250)}&pageSize=20&publishStatus=1&brandId=${pick(t.brands)}`,
  ],
  [
    'keyword (FTS), pages 1–3',
    (t) => () => `pageNum=${pick(3)}&pageSize=20&keyword=${encodeURIComponent(t.productWord)}`,
  ],
  ['no filter, first page', () => () => 'pageNum=1&pageSize=20'],
];
