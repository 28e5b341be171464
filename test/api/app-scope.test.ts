/**
 * Write rules and shop figures are the app's own: two apps built in one process each hold their entities' hooks,
 * invariants and per-shop figures, and a database handle no app set up holds none (a module-wide registry used to hand
 * every app the rules of the first).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { connect } from '../../src/server/core/db';
import { rulesOf, runtime } from '../../src/server/core/crud';
import type { AuthUser } from '../../src/server/core/auth';
import { figureOrder } from '../../src/server/core/crud/shop-figures';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('write rules per app on %s', (dialect) => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('gives each app its own hooks and invariants, shared with its background handle only', async () => {
    servers.push(await startServer({ dialect }), await startServer({ dialect }));
    const [a, b] = servers.map((s) => rulesOf(s.built.db));
    expect(a).not.toBe(b);
    for (const rules of [a!, b!]) {
      // The order's state machine and the product's lists: one registration each, not one per app built.
      expect(rules.of(runtime('order'))).toHaveLength(1);
      expect(rules.of(runtime('product')).length).toBeGreaterThan(0);
      expect(rules.invariantsOf([tables.admin])).toHaveLength(1);
    }
    const background = servers[0]!.built.db.background;
    if (background) expect(rulesOf(background)).toBe(a);
    // A handle no domain was set up on (a script's, a migration's): no hooks, no invariants.
    const bare = connect(servers[0]!.config);
    try {
      expect(rulesOf(bare).of(runtime('order'))).toEqual([]);
      expect(rulesOf(bare).invariantsOf([tables.admin])).toEqual([]);
      // A seller's brand product counts are its own shops' in the app, and no figure at all on the bare handle.
      const seller: AuthUser = {
        ...{ id: 1, username: 's', icon: null, roles: [], superAdmin: false, resources: [], sessionVersion: 0 },
        ...{ platform: false, shopIds: [1] },
      };
      for (const s of servers)
        expect(figureOrder(s.built.db, runtime('brand'), seller, 'productCount')).toContain('IN (1)');
      expect(figureOrder(bare, runtime('brand'), seller, 'productCount')).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
