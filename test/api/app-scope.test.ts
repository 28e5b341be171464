/**
 * Write rules are the app's own: two apps built in one process each hold their entities' hooks and invariants, and a
 * database handle no app set up holds none (a module-wide registry used to hand every app the hooks of the first).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { connect } from '../../src/server/core/db';
import { rulesOf, runtime } from '../../src/server/core/crud';
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
    } finally {
      await bare.close();
    }
  });
});
