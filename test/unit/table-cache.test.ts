import { describe, expect, it } from 'vitest';
import { TableCache } from '../../src/server/core/crud/table-cache';
import { WriteHooks } from '../../src/server/core/write-hooks';

/** A count that answers when told to: `finish(n)`; `runs` counts how often it was started. */
function slowCount() {
  const waiting: ((n: number) => void)[] = [];
  let runs = 0;
  return {
    compute: () => {
      runs++;
      return new Promise<number>((resolve) => waiting.push(resolve));
    },
    finish: (n: number) => waiting.splice(0).forEach((r) => r(n)),
    runs: () => runs,
  };
}

describe('TableCache.through', () => {
  it('lets requests asking at the same time share one count, then answers from the cache', async () => {
    const cache = new TableCache(new WriteHooks());
    const c = slowCount();
    const asks = Array.from({ length: 50 }, () => cache.through('t', 'k', c.compute, () => false));
    expect(c.runs()).toBe(1);
    c.finish(7);
    expect(await Promise.all(asks)).toEqual(Array(50).fill(7));
    expect(await cache.through('t', 'k', c.compute, () => false)).toBe(7);
    expect(c.runs()).toBe(1);
  });

  it('does not hand a count begun before a write to a request made after it, nor keep it', async () => {
    const hooks = new WriteHooks();
    const cache = new TableCache(hooks);
    const c = slowCount();
    const before = cache.through('t', 'k', c.compute, () => false);
    hooks.emitRemote('t');
    const after = cache.through('t', 'k', c.compute, () => false);
    expect(c.runs()).toBe(2);
    c.finish(3);
    expect([await before, await after]).toEqual([3, 3]);
    // Only the count begun after the write is kept.
    expect(cache.get('t', 'k')).toBe(3);
    hooks.emitRemote('t');
    expect(cache.get('t', 'k')).toBeUndefined();
  });

  it('keeps other keys and tables apart, and a failed count is not shared with the next request', async () => {
    const cache = new TableCache(new WriteHooks());
    let runs = 0;
    const failing = () => {
      runs++;
      return Promise.reject(new Error('db down'));
    };
    await expect(cache.through('t', 'k', failing, () => false)).rejects.toThrow('db down');
    await expect(cache.through('t', 'k', failing, () => false)).rejects.toThrow('db down');
    expect(runs).toBe(2);
    const c = slowCount();
    const a = cache.through('t', 'a', c.compute, () => false);
    const b = cache.through('u', 'a', c.compute, () => false);
    expect(c.runs()).toBe(2);
    c.finish(1);
    expect([await a, await b]).toEqual([1, 1]);
  });

  it('holds a table’s values up to its weight, letting the oldest go first, and never one heavier than all', () => {
    const hooks = new WriteHooks();
    const cache = new TableCache(hooks, { maxWeight: 10, weigh: (rows) => (rows as unknown[]).length });
    cache.set('t', 'a', [1, 2, 3, 4], 0);
    cache.set('t', 'b', [1, 2, 3, 4], 0);
    cache.set('u', 'a', [1, 2, 3, 4, 5, 6, 7, 8], 0);
    // 'c' needs 'a' gone (4 + 4 + 4 > 10); another table's weight is its own.
    cache.set('t', 'c', [1, 2, 3, 4], 0);
    expect(cache.get('t', 'a')).toBeUndefined();
    expect(cache.get('t', 'b')).toHaveLength(4);
    expect(cache.get('t', 'c')).toHaveLength(4);
    expect(cache.get('u', 'a')).toHaveLength(8);
    cache.set('t', 'd', Array(11).fill(0), 0);
    expect(cache.get('t', 'd')).toBeUndefined();
    // A write to the table gives all of its weight back.
    hooks.emitRemote('t');
    cache.set('t', 'e', Array(10).fill(0), 1);
    expect(cache.get('t', 'e')).toHaveLength(10);
  });
});
