import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthUsers } from '../../src/server/core/auth-users';
import type { Db } from '../../src/server/core/db';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AuthUsers cache', () => {
  it('serves a loaded account from memory, drops it on a write, and reloads it after a minute', async () => {
    vi.useFakeTimers();
    let onWrite: (table: string) => void = () => {};
    const db = { hooks: { on: (fn: (table: string) => void) => (onWrite = fn), catchUp: () => {} } } as unknown as Db;
    const load = vi
      .spyOn(AuthUsers.prototype as unknown as { load: (id: number) => Promise<unknown> }, 'load')
      .mockImplementation(async (id: number) => ({ id, sessionVersion: 0 }));
    vi.spyOn(
      AuthUsers.prototype as unknown as { sessionOf: (id: number) => Promise<number | null> },
      'sessionOf',
    ).mockResolvedValue(0);
    const users = new AuthUsers(db);

    await users.get(7, 0);
    await users.get(7, 0);
    expect(load).toHaveBeenCalledTimes(1);

    onWrite('ums_admin'); // e.g. the account was disabled here
    await users.get(7, 0);
    expect(load).toHaveBeenCalledTimes(2);

    onWrite('pms_brand'); // unrelated tables keep the cache
    await users.get(7, 0);
    expect(load).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(61_000); // another process may have changed it: reload
    await users.get(7, 0);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('refuses a token of another session version, or of a disabled or deleted account, before any load', async () => {
    const db = { hooks: { on: () => {}, catchUp: () => {} } } as unknown as Db;
    const load = vi
      .spyOn(AuthUsers.prototype as unknown as { load: (id: number) => Promise<unknown> }, 'load')
      .mockImplementation(async (id: number) => ({ id, sessionVersion: 3 }));
    const session = vi
      .spyOn(AuthUsers.prototype as unknown as { sessionOf: (id: number) => Promise<number | null> }, 'sessionOf')
      .mockResolvedValue(3);
    const users = new AuthUsers(db);
    expect(await users.get(7, 2)).toBeNull(); // logged out since: the version moved on
    expect(await users.get(7, 3)).toEqual({ id: 7, sessionVersion: 3 });
    session.mockResolvedValue(null); // disabled or deleted
    expect(await users.get(7, 3)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
