import { describe, expect, it } from 'vitest';
import { CountCache } from '../../src/server/core/crud/count-cache';
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

describe('CountCache.through', () => {
  it('lets requests asking at the same time share one count, then answers from the cache', async () => {
    const cache = new CountCache(new WriteHooks());
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
    const cache = new CountCache(hooks);
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
    const cache = new CountCache(new WriteHooks());
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
});
