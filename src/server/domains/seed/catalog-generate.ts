import type { Insertable, Kysely } from 'kysely';
import {
  tables,
  type Database,
  type ProductAttributeValueTable,
  type ProductTable,
  type SkuStockTable,
} from '../../../../generated/database.js';
import { dayStamp, skuCode } from '../catalog/skus.js';
import { DEMO_CATEGORIES, DEMO_TYPES, type DemoLeaf, type DemoTop } from './catalog-data.js';
import { demoImage, demoImageUrl } from '../demo-images/names.js';
import {
  ProductAttributeFilterType,
  ProductAttributeHandAddStatus,
  ProductAttributeInputType,
  ProductAttributeSearchType,
  ProductAttributeSelectType,
  ProductAttributeType,
} from '../../../../generated/enums.js';
import { present } from '../../core/lookup.js';

/** A leaf category of the demo tree with the ids it needs in this database. */
export interface LeafRef {
  id: number;
  name: string;
  leaf: DemoLeaf;
  top: DemoTop;
  typeId: number;
  specs: { id: number; name: string; values: string[] }[];
  params: { id: number; values: string[] }[];
  brands: { id: number; name: string }[];
  shopId: number | null;
  /** URLs of the leaf's two product pictures (main, second). */
  pics: [string, string];
  /** When the selling shop opened (ms): products are created between then and now. Null = no shop. */
  since: number | null;
}

export type Row = Record<string, unknown>;

/** One generated product: its product row, its SKUs' and attribute values' rows (product_id to fill). */
export interface GeneratedProduct {
  product: Insertable<ProductTable>;
  skus: Omit<Insertable<SkuStockTable>, 'product_id'>[];
  values: Omit<Insertable<ProductAttributeValueTable>, 'product_id'>[];
}

/**
 * The demo categories, types, brands and shops as stored (matched by name), for the generator; pictures under
 * `apiBase`. Leaves not from the demo tree are ignored.
 */
export async function loadCatalogRefs(db: Kysely<Database>, apiBase: string): Promise<LeafRef[]> {
  const [cats, types, attrs, brands, shops] = await Promise.all([
    db.selectFrom(tables.productCategory).select(['id', 'name', 'parent_id']).execute(),
    db.selectFrom(tables.productAttributeCategory).select(['id', 'name']).execute(),
    db
      .selectFrom(tables.productAttribute)
      .select(['id', 'name', 'type', 'product_attribute_category_id', 'input_list'])
      .execute(),
    db.selectFrom(tables.brand).select(['id', 'name']).execute(),
    db.selectFrom(tables.shop).select(['id', 'create_time']).orderBy('id').execute(),
  ]);
  const typeId = new Map(types.map((t) => [String(t.name), Number(t.id)]));
  const brandId = new Map(brands.map((b) => [String(b.name), Number(b.id)]));
  const byId = new Map(cats.map((c) => [Number(c.id), c]));
  const refs: LeafRef[] = [];
  for (const c of cats) {
    const parent = byId.get(Number(c.parent_id));
    const top = parent && DEMO_CATEGORIES.find((t) => t.name === parent.name);
    const leaf = top?.children.find((l) => l.name === c.name);
    const tid = leaf && typeId.get(leaf.type);
    if (!top || !leaf || !tid) continue;
    const own = attrs.filter((a) => Number(a.product_attribute_category_id) === tid);
    const values = (a: Row) =>
      String(a.input_list ?? '')
        .split(',')
        .filter(Boolean);
    const shop = shops.length ? shops[top.shop % shops.length] : null;
    refs.push({
      id: Number(c.id),
      name: String(c.name),
      leaf,
      top,
      typeId: tid,
      specs: own
        .filter((a) => Number(a.type) === ProductAttributeType.spec)
        .map((a) => ({ id: Number(a.id), name: String(a.name), values: values(a) })),
      params: own
        .filter((a) => Number(a.type) === ProductAttributeType.param)
        .map((a) => ({ id: Number(a.id), values: values(a) })),
      brands: leaf.brands.flatMap((b) => {
        const id = brandId.get(b);
        return id === undefined ? [] : [{ id, name: b }];
      }),
      shopId: shop ? Number(shop.id) : null,
      pics: [
        demoImageUrl(apiBase, demoImage.product(leaf.name, 1)),
        demoImageUrl(apiBase, demoImage.product(leaf.name, 2)),
      ],
      since: shop?.create_time ? new Date(String(shop.create_time)).getTime() : null,
    });
  }
  return refs.sort((a, b) => a.id - b.id);
}

/** Deterministic pseudo-random numbers in [0, 1) from a seed (mulberry32). */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];
/** `n` distinct items, in list order. */
const some = <T>(r: () => number, list: readonly T[], n: number): T[] => {
  const start = Math.floor(r() * list.length);
  return Array.from({ length: Math.min(n, list.length) }, (_, k) => list[(start + k) % list.length]);
};
const money = (v: number) => Math.round(v * 100) / 100;
const MODELS = ['', ' 2', ' 3', ' S', ' Plus', ' Pro', ' Air', ' Mini', ' X', ' Classic', ' Sport', ' Go'];
const DAY = 86_400_000;
/** How far back products of a shopless category go. */
const HISTORY_DAYS = 180;

/**
 * Product number `i` of the demo catalog (same `i`, same product): name from its leaf's brands and nouns, price in
 * the leaf's range, SKUs from the cartesian product of one to three values of up to two spec attributes, one value
 * per param attribute, the leaf's two pictures. `productId` fills SKU codes; `now` anchors create times, spread
 * from the shop's opening to `now`.
 */
export function generateProduct(refs: LeafRef[], i: number, productId: number, now: number): GeneratedProduct {
  const r = random(i * 2654435761 + 7);
  const ref = refs[i % refs.length];
  const { leaf, top } = ref;
  const brand = ref.brands.length ? pick(r, ref.brands) : null;
  const noun = pick(r, leaf.nouns);
  const name = `${brand ? `${brand.name} ` : ''}${noun}${pick(r, MODELS)}${leaf.brands.length ? ` ${10 + (i % 90)}` : ''}`;
  const [lo, hi] = leaf.price;
  const price = money(Math.floor(lo + r() * (hi - lo)) + 0.99);
  const specs = ref.specs
    .slice(0, 2)
    .map((s, k) => ({ id: s.id, name: s.name, values: some(r, s.values, 1 + Math.floor(r() * (k ? 2 : 3))) }));
  const combos = specs.reduce<{ key: string; value: string }[][]>(
    (acc, s) => acc.flatMap((c) => s.values.map((value) => [...c, { key: s.name, value }])),
    [[]],
  );
  const pic = (n: number) => ref.pics[n - 1];
  const day = dayStamp(new Date(now));
  const skus = combos.map(
    (sp, k) =>
      ({
        sku_code: skuCode(productId, k, day),
        price: money(price + k * Math.max(1, Math.round(price * 0.05))),
        promotion_price: null,
        stock: Math.floor(r() * 300),
        low_stock: 10,
        pic: pic(1 + (k % 2)),
        sale: Math.floor(r() * 50),
        lock_stock: 0,
        sp_data: sp.length ? JSON.stringify(sp) : null,
        shop_id: ref.shopId,
      }) satisfies GeneratedProduct['skus'][number],
  );
  const promoted = r() < 0.1;
  const since = Math.min(now, ref.since ?? now - HISTORY_DAYS * DAY);
  const created = new Date(now - Math.floor(r() * (now - since))).toISOString();
  const description = `${name}: ${leaf.name.toLowerCase()} from ${brand?.name ?? 'our shelves'}, ${specs.map((s) => s.values.join('/')).join(', ') || 'one edition'}.`;
  const product: Insertable<ProductTable> = {
    brand_id: brand?.id ?? null,
    brand_name: brand?.name ?? null,
    product_category_id: ref.id,
    product_category_name: ref.name,
    product_attribute_category_id: ref.typeId,
    feight_template_id: 0,
    name,
    pic: pic(1),
    product_sn: `SN${String(100000 + i).padStart(8, '0')}`,
    delete_status: r() < 0.02 ? 1 : 0,
    publish_status: r() < 0.8 ? 1 : 0,
    new_status: r() < 0.3 ? 1 : 0,
    recommand_status: r() < 0.2 ? 1 : 0,
    verify_status: r() < 0.85 ? 1 : 0,
    sort: Math.floor(r() * 100),
    sale: skus.reduce((n, s) => n + s.sale, 0),
    price,
    promotion_price: promoted ? money(price * 0.9) : null,
    gift_growth: Math.floor(price),
    gift_point: Math.floor(price),
    use_point_limit: 0,
    sub_title: `${noun} · ${top.keywords.split(',')[0]} · free returns`,
    description,
    original_price: money(price * 1.2),
    stock: skus.reduce((n, s) => n + s.stock, 0),
    low_stock: 10,
    unit: top.unit,
    weight: leaf.weight,
    preview_status: 0,
    service_ids: r() < 0.5 ? '1,2,3' : '1,3',
    keywords: `${leaf.name}, ${brand?.name ?? ''}, ${noun}`,
    note: '',
    album_pics: `${pic(1)},${pic(2)}`,
    detail_title: name,
    detail_desc: description,
    detail_html: `<p>${description}</p>`,
    detail_mobile_html: `<p>${description}</p>`,
    promotion_start_time: promoted ? created : null,
    promotion_end_time: promoted ? new Date(now + 30 * DAY).toISOString() : null,
    promotion_per_limit: 0,
    promotion_type: promoted ? 1 : 0,
    shop_id: ref.shopId,
    create_time: created,
  };
  type Value = GeneratedProduct['values'][number];
  const values = [
    ...specs.map((s): Value => ({ product_attribute_id: s.id, value: s.values.join(',') })),
    ...ref.params.map((p): Value => ({ product_attribute_id: p.id, value: pick(r, p.values) })),
  ];
  return { product, skus, values };
}

/** Types of the demo catalog as attribute rows (spec: multi-select with manual add; param: single from list). */
export const demoAttributeRows = (typeId: number, typeName: string) =>
  present(
    DEMO_TYPES.find((t) => t.name === typeName),
    `Demo type ${typeName}`,
  ).attributes.map((a, k, all) => ({
    product_attribute_category_id: typeId,
    name: a.name,
    select_type:
      a.type === ProductAttributeType.spec ? ProductAttributeSelectType.multiple : ProductAttributeSelectType.single,
    input_type: ProductAttributeInputType.fromList,
    input_list: a.values.join(','),
    sort: (all.length - k) * 10,
    filter_type: a.filterType ?? ProductAttributeFilterType.normal,
    search_type: a.searchType ?? ProductAttributeSearchType.none,
    related_status: 0,
    hand_add_status:
      a.type === ProductAttributeType.spec ? ProductAttributeHandAddStatus.yes : ProductAttributeHandAddStatus.no,
    type: a.type,
  }));
