import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code running now is part of (the request it serves, a background job, a start-up's turn), one key per
 * concern, all in one AsyncLocalStorage: each one in use costs every promise the process makes a call into JavaScript,
 * so four of them made an `await` three times as long as none, and one makes it half as long again.
 */
const storage = new AsyncLocalStorage<Readonly<Record<symbol, unknown>>>();

export interface ContextKey<T> {
  /** Its value where the code running now was started (undefined outside any `run`). */
  get(): T | undefined;
  /** Runs `fn` (and what it starts) with the value `value` (undefined: none), the other keys' as they are. */
  run<R>(value: T | undefined, fn: () => R): R;
}

/** A key of the context (`name` shows in a debugger). */
export function contextKey<T>(name: string): ContextKey<T> {
  const key = Symbol(name);
  return {
    get: () => storage.getStore()?.[key] as T | undefined,
    run: (value, fn) => storage.run({ ...storage.getStore(), [key]: value }, fn),
  };
}
