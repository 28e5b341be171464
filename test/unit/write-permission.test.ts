/**
 * `x-admin.writableBy`: toRow, which every write of a client's values goes through, keeps a platform-only field's
 * value only from platform staff.
 */
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/server/core/auth';
import { runtime } from '../../src/server/core/crud/runtime';
import { toRow } from '../../src/server/core/crud/records';

const user = (platform: boolean): AuthUser => ({
  id: 7,
  username: platform ? 'staff' : 'seller',
  icon: null,
  roles: [],
  superAdmin: false,
  platform,
  shopIds: [1],
  resources: [],
  sessionVersion: 0,
});

describe('writableBy: platform', () => {
  const product = runtime('product');
  const verify = product.field.get('verifyStatus')!;

  it('is in the product schema for the review status', () => {
    expect(verify.writableBy).toBe('platform');
  });

  it("drops a seller's value: the default on create, nothing (the stored value) on update", async () => {
    const data = { name: 'Lamp', verifyStatus: 1 };
    const created = await toRow(product, data, 'sqlite', 'create', undefined, user(false));
    expect(created[verify.column]).toBe(0);
    expect(created.name).toBe('Lamp');
    const updated = await toRow(product, data, 'sqlite', 'update', undefined, user(false));
    expect(verify.column in updated).toBe(false);
    expect(updated.name).toBe('Lamp');
  });

  it("keeps platform staff's value", async () => {
    for (const mode of ['create', 'update'] as const)
      expect((await toRow(product, { verifyStatus: 1 }, 'sqlite', mode, undefined, user(true)))[verify.column]).toBe(1);
  });
});
