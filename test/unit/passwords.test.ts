import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPassword, hashPassword } from '../../src/server/core/auth';

afterEach(() => vi.restoreAllMocks());

describe('checkPassword', () => {
  it('always runs one bcrypt comparison, so an unknown account answers as slowly as a wrong password', async () => {
    const hash = await hashPassword('right-one');
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await checkPassword('right-one', hash)).toBe(true);
    expect(await checkPassword('wrong', hash)).toBe(false);
    expect(await checkPassword('right-one', undefined)).toBe(false);
    expect(await checkPassword('right-one', '')).toBe(false);
    expect(compare).toHaveBeenCalledTimes(4);
    // the stand-in hash costs what a real one does
    expect(String(compare.mock.calls[2][1]).slice(0, 7)).toBe(hash.slice(0, 7));
  });

  it('never accepts a password past 72 bytes, whose tail bcrypt would ignore', async () => {
    const base = 'x'.repeat(72);
    const hash = await hashPassword(base);
    expect(await checkPassword(base, hash)).toBe(true);
    expect(await checkPassword(`${base}anything`, hash)).toBe(false);
  });
});
