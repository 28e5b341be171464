/** Shared set-up of the catalog API tests: a product type with spec and param attributes, a category, a product body. */
import type { Envelope } from '../../src/shared/envelope';
import type { ApiOptions } from './helpers';

export type Call = (method: string, path: string, body?: unknown, opts?: ApiOptions) => Promise<Envelope<any>>;

export interface Fixture {
  typeId: number;
  color: number;
  size: number;
  material: number;
  topId: number;
  leafId: number;
  otherLeafId: number;
  brandId: number;
  /** The lowest shop id: every product must name its shop. */
  shopId: number;
}

const ok = async <T = any>(p: ReturnType<Call>): Promise<T> => {
  const env = await p;
  if (env.code !== 200) throw new Error(`${env.code} ${env.message}`);
  return env.data as T;
};

/** A fresh type "T-<tag>" (Color, Size specs; Material param) and a two-level category pair. */
export async function makeFixture(call: Call, tag: string): Promise<Fixture> {
  const type = await ok(call('POST', '/productAttribute/category/create', { name: `Type ${tag}` }, { form: true }));
  const mk = async (name: string, t: 0 | 1, inputList: string) =>
    (
      await ok(
        call('POST', '/productAttribute/create', {
          productAttributeCategoryId: type.id,
          name,
          type: t,
          inputType: 1,
          inputList,
        }),
      )
    ).id as number;
  const color = await mk('Color', 0, 'Red,Blue,Green');
  const size = await mk('Size', 0, 'S,M,L');
  const material = await mk('Material', 1, 'Cotton,Linen');
  const top = await ok(call('POST', '/productCategory/create', { name: `Top ${tag}`, parentId: 0 }));
  const leaf = await ok(call('POST', '/productCategory/create', { name: `Leaf ${tag}`, parentId: top.id }));
  const other = await ok(call('POST', '/productCategory/create', { name: `Other ${tag}`, parentId: top.id }));
  const brand = await ok(call('POST', '/brand/create', { name: `Brand ${tag}` }));
  const shops = await ok<{ list: { id: number }[] }>(
    call('GET', '/shop/list', undefined, { query: { sort: 'id', order: 'asc', pageSize: 1 } }),
  );
  return {
    typeId: type.id,
    color,
    size,
    material,
    topId: top.id,
    leafId: leaf.id,
    otherLeafId: other.id,
    brandId: brand.id,
    shopId: shops.list[0].id,
  };
}

export const sp = (color: string, size: string) =>
  JSON.stringify([
    { key: 'Color', value: color },
    { key: 'Size', value: size },
  ]);

/** A valid PmsProductParam of the fixture's type: two SKUs, one param value, member price off. */
export function productBody(f: Fixture, extra: Record<string, unknown> = {}) {
  return {
    name: 'Fixture Tee',
    subTitle: 'Soft cotton',
    description: 'A plain tee',
    productSn: 'FX-1',
    price: 20,
    originalPrice: 25,
    stock: 10,
    unit: 'piece',
    weight: 180,
    sort: 1,
    productCategoryId: f.leafId,
    brandId: f.brandId,
    productAttributeCategoryId: f.typeId,
    serviceIds: '1,3',
    albumPics: '/demo/clothing-1.png,/demo/clothing-2.png',
    pic: '/demo/clothing-1.png',
    detailHtml: '<p>PC</p>',
    detailMobileHtml: '<p>Mobile</p>',
    promotionType: 0,
    skuStockList: [
      { skuCode: 'FX-RS', price: 20, stock: 5, lowStock: 1, spData: sp('Red', 'S') },
      { price: 21, stock: -1, lowStock: 0, spData: sp('Blue', 'M') },
    ],
    productAttributeValueList: [
      { productAttributeId: f.color, value: 'Red,Blue' },
      { productAttributeId: f.size, value: 'S,M' },
      { productAttributeId: f.material, value: 'Cotton' },
    ],
    productLadderList: [{ count: 0, discount: 0, price: 0 }],
    productFullReductionList: [{ fullPrice: 0, reducePrice: 0 }],
    memberPriceList: [],
    shopId: f.shopId,
    ...extra,
  };
}
