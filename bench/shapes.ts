/** The product-list shapes the benchmark (run.ts) and the profile (profile.ts) load our server and the reference with. */
import type { Target } from './data.js';

const pick = (n: number) => 1 + Math.floor(Math.random() * n);

/** How many fixed queries a product shape cycles through (the measurement: the same 25 for both servers). */
export const FIXED_QUERIES = 25;

/**
 * A shape's queries: `FIXED_QUERIES` drawn once, then asked in turn, as the product list is measured from outside;
 * `BENCH_QUERIES=random` draws a new one for every request instead (deep pages then seldom repeat).
 */
function fixed(draw: () => string): () => string {
  if (process.env.BENCH_QUERIES === 'random') return draw;
  const set = Array.from({ length: FIXED_QUERIES }, draw);
  let i = 0;
  return () => set[i++ % set.length]!;
}

export type Shape = [name: string, query: (t: Target) => () => string];
export const PRODUCT_SHAPES: Shape[] = [
  [
    'brand + publish filter, pages 1–3',
    (t) => fixed(() => `pageNum=${pick(3)}&pageSize=20&publishStatus=1&brandId=${pick(t.brands)}`),
  ],
  ['publish filter only, pages 1–3', () => fixed(() => `pageNum=${pick(3)}&pageSize=20&publishStatus=1`)],
  [
    'brand + publish, pages 1–250',
    (t) => fixed(() => `pageNum=${pick(250)}&pageSize=20&publishStatus=1&brandId=${pick(t.brands)}`),
  ],
  [
    'keyword (FTS), pages 1–3',
    (t) => fixed(() => `pageNum=${pick(3)}&pageSize=20&keyword=${encodeURIComponent(t.productWord)}`),
  ],
  ['no filter, first page', () => () => 'pageNum=1&pageSize=20'],
];
