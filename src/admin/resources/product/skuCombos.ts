import type { Attribute, Sku } from './catalogApi';
import { schemaDefaults } from '../../kit/schema';
import { parseSpData, type SpecPair } from './spData';

/** Chosen values per spec attribute, in the attributes' order, skipping those with none chosen. */
export type SpecChoice = { attr: Pick<Attribute, 'name'>; values: string[] };

/** Every combination of the chosen values (cartesian product), as spData pair lists. */
export const combos = (choices: SpecChoice[]): SpecPair[][] =>
  choices
    .filter((c) => c.values.length)
    .reduce<SpecPair[][]>(
      (acc, c) => acc.flatMap((pairs) => c.values.map((value) => [...pairs, { key: c.attr.name, value }])),
      [[]],
    )
    .filter((pairs) => pairs.length);

const keyOf = (pairs: SpecPair[]) => JSON.stringify(pairs.map(({ key, value }) => ({ key, value })));

/**
 * The SKU list regenerated from the chosen values: a SKU whose combination is still chosen keeps its id and
 * numbers, a new combination starts with the skuStock schema's defaults (stock, low stock) at the product's price,
 * a dropped one goes.
 */
export const regenerateSkus = (choices: SpecChoice[], current: Sku[], price: unknown): Sku[] => {
  const kept = new Map(current.map((s) => [keyOf(parseSpData(s.spData)), s]));
  return combos(choices).map((pairs) => {
    const spData = keyOf(pairs);
    return (
      kept.get(spData) ?? {
        ...schemaDefaults('skuStock'),
        spData,
        skuCode: '',
        price: Number(price) || 0,
        promotionPrice: null,
      }
    );
  });
};

/** Every SKU given the first one's value of `field` (sync price / sync stock). */
export const syncFirst = (rows: Sku[], field: 'price' | 'stock'): Sku[] =>
  rows.map((r) => ({ ...r, [field]: rows[0]?.[field] }));
