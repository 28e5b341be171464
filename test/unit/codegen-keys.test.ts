/** The x-admin keys added for shops, members and the catalog: tenant "id", auto "owner", batch renames, country, cascade. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { entities as uiEntities } from '../../generated/admin/entities';
import { UI_FALSE_OMITTED, UI_OMITTED } from '../../src/shared/entity-meta';
import { countryCodes } from '../../generated/countries';
import en from '../../generated/i18n/en';
import zh from '../../generated/i18n/zh';
import { validators } from '../../generated/validators.js';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import type { Sources } from '../../scripts/codegen/model';

const root = resolve(import.meta.dirname, '../..');
const field = (entity: string, name: string) => entities[entity].fields.find((f) => f.name === name)!;

function edited(edit: (schemas: Record<string, any>) => void): Sources {
  const src = structuredClone(readSources(root));
  edit(src.schemas as Record<string, any>);
  return src;
}

describe("the admin UI's copy of the metadata", () => {
  it('leaves out labels and server-only keys, and nothing else', () => {
    for (const [name, e] of Object.entries(entities)) {
      const ui = uiEntities[name] as unknown as Record<string, unknown> & { fields: Record<string, unknown>[] };
      expect(Object.keys(ui).sort(), name).toEqual(
        Object.keys(e)
          .filter((k) => !UI_OMITTED.entity.includes(k as never))
          .sort(),
      );
      e.fields.forEach((f, i) => {
        const kept = Object.entries(f).filter(
          ([k, v]) => !UI_OMITTED.field.includes(k as never) && !(v === false && UI_FALSE_OMITTED.includes(k as never)),
        );
        expect(ui.fields[i], `${name}.${f.name}`).toEqual(Object.fromEntries(kept));
      });
    }
  });

  it('loses no label: every field, enum value and entity name is in both dictionaries, seeded names in Chinese', () => {
    const seeded = (zh as unknown as { seed: Record<string, string> }).seed;
    for (const e of Object.values(entities)) {
      // (A menu titled like an entity, "Admin users", says its own Chinese: 用户列表.)
      expect(seeded[e.label.en], e.name).toMatch(/[\u4e00-\u9fff]/);
      for (const f of e.fields) {
        expect(
          [en, zh].map((d) => (d.resources as any)[e.name].fields[f.name]),
          `${e.name}.${f.name}`,
        ).toEqual([f.label.en, f.label.zh]);
        for (const [v, l] of Object.entries(f.enumLabels ?? {}))
          expect(
            [en, zh].map((d) => (d.enums as any)[e.name][f.name][v]),
            `${e.name}.${f.name}=${v}`,
          ).toEqual([l.en, l.zh]);
      }
    }
  });
});

describe('entity metadata', () => {
  it('a shop is its own tenant and is stamped with its owner', () => {
    expect(entities.shop.tenant).toBe('id');
    expect(field('shop', 'sellerId')).toMatchObject({ auto: 'owner', readOnly: true, ref: { resource: 'admin' } });
    expect(field('vipMembership', 'grantedBy')).toMatchObject({ auto: 'owner', readOnly: true });
    expect(field('shop', 'paypalSecret')).toMatchObject({ secret: true, input: 'secret' });
  });

  it('shop-scoped entities carry a read-only shopId; catalog tables are platform-wide', () => {
    for (const e of ['product', 'skuStock', 'member'])
      expect([e, entities[e].tenant, field(e, 'shopId').readOnly]).toEqual([e, 'shopId', true]);
    for (const e of ['productCategory', 'productAttribute', 'productAttributeCategory', 'brand'])
      expect(entities[e].tenant).toBeNull();
  });

  it('a batch param may name another field', () => {
    expect(entities.product.batch).toContain('recommendStatus');
    expect(entities.product.batchFields).toEqual({ recommendStatus: 'recommandStatus' });
    expect(entities.brand.batchFields).toBeUndefined();
  });

  it('SKUs go with their product; internal rows cascade too', () => {
    const snap = JSON.parse(readFileSync(resolve(root, 'generated/migrations/snapshot.json'), 'utf8'));
    expect(snap.tables.pms_sku_stock.columns.product_id.ref).toEqual({ table: 'pms_product', onDelete: 'CASCADE' });
    expect(snap.tables.pms_member_price.columns.product_id.ref.onDelete).toBe('CASCADE');
    expect(snap.tables.pms_product.columns.product_category_id.ref.onDelete).toBe('RESTRICT');
  });

  it('countries: about 190 codes named in en and zh', () => {
    expect(countryCodes.length).toBeGreaterThan(185);
    expect(en.countries.US).toBe('United States');
    expect(zh.countries.CN).toBe('中国');
    expect(Object.keys(zh.countries)).toEqual(countryCodes);
  });
});

describe('validators of the new entities', () => {
  it('shop: owner and id are never taken from the body; country and currency are checked', () => {
    const body: Record<string, unknown> = { shopName: 'My shop', sellerId: 9, id: 3, country: 'US', currency: 'EUR' };
    expect(validators.shop.create(body)).toBe(true);
    expect(body).toEqual({ shopName: 'My shop', country: 'US', currency: 'EUR' });
    expect(validators.shop.update({ country: 'XX' })).toBe(false);
    expect(validators.shop.update({ currency: 'usd' })).toBe(false);
    expect(validators.shop.create({ shopName: 'x' })).toBe(false);
  });

  it('product: required fields, stock -1 = unlimited, tenant stripped', () => {
    expect(validators.product.create({ name: 'Phone' })).toBe(false);
    const missing = (validators.product.create.errors ?? []).map((e) => e.params.missingProperty);
    expect(missing.sort()).toEqual(['description', 'productCategoryId', 'subTitle']);
    const body: Record<string, unknown> = {
      name: 'Phone',
      subTitle: 's',
      description: 'd',
      productCategoryId: '2',
      stock: -1,
      shopId: 7,
    };
    expect(validators.product.create(body)).toBe(true);
    expect(body).toEqual({ name: 'Phone', subTitle: 's', description: 'd', productCategoryId: 2, stock: -1 });
    expect(validators.product.update({ stock: -2 })).toBe(false);
    expect(validators.product.update({ serviceIds: '1,2,3' })).toBe(true);
    expect(validators.product.update({ serviceIds: '1;2' })).toBe(false);
  });

  it('vip plans are the six of the spec', () => {
    expect(field('vipMembership', 'plan').enum).toEqual(['1m', '3m', '6m', '1y', '3y', '6y']);
    expect(entities.vipMembership.crud).toEqual({ list: true, get: true, create: false, update: false, delete: false });
  });
});

describe('item validators of child entities (x-admin.parent)', () => {
  it('check a list item with the schema rules, leaving the parent field to the server', () => {
    expect(entities.productLadder.parent).toBe('productId');
    expect(validators.productLadder.item({ count: 1, discount: 11 })).toBe(false);
    expect(validators.productLadder.item.errors?.[0]).toMatchObject({ instancePath: '/discount', keyword: 'maximum' });
    const item: Record<string, unknown> = { id: 4, productId: 9, count: '2', discount: '9.5' };
    expect(validators.productLadder.item(item)).toBe(true);
    expect(item).toEqual({ count: 2, discount: 9.5 });
    expect(validators.memberPrice.item({ memberPrice: 1 })).toBe(false);
    expect(validators.memberPrice.item.errors?.[0].params).toEqual({ missingProperty: 'memberLevelId' });
    expect(validators.skuStock.item({ price: 1 })).toBe(true);
    expect(validators.skuStock.create({ price: 1 })).toBe(false);
  });

  it('a parent must be a ref field', async () => {
    const bad = edited((s) => {
      s['productLadder.json']['x-admin'].parent = 'count';
    });
    expect((await generate(bad).catch((e) => e)).message).toContain(
      'x-admin.parent "count" must be a field with "ref"',
    );
  });
});

describe('schema checks of the new keys', () => {
  it('refuses an owner that is not an admin ref, a tenant that is not a shop, and bad batch entries', async () => {
    const bad = edited((s) => {
      s['shop.json'].properties.sellerId['x-admin'] = { auto: 'owner' };
      s['member.json']['x-admin'].tenant = 'memberLevelId';
      s['product.json']['x-admin'].batch.push({ param: 'recommendStatus', field: 'nope' });
    });
    const err = await generate(bad).catch((e) => e);
    expect(err.message).toContain('sellerId: "auto": "owner" needs "ref": "admin"');
    expect(err.message).toContain('x-admin.tenant "memberLevelId" must be "id" or a field with "ref": "shop"');
    expect(err.message).toContain('x-admin.batch names unknown field "nope"');
    expect(err.message).toContain('batch param "recommendStatus" is used twice');
  });
});
