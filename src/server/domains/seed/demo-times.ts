import { random } from './catalog-generate.js';

export const DAY = 86_400_000;

/** `days` (fractions allowed) before `now`, as stored. */
export const daysAgo = (now: number, days: number) => new Date(now - days * DAY).toISOString();

/**
 * `count` times between `fromDays` and `toDays` before `now`, oldest first, spread evenly with a seeded jitter (the
 * same seed gives the same history relative to `now`; none lies in the future when toDays ≥ 0).
 */
export function spreadDays(seed: number, count: number, fromDays: number, toDays: number): number[] {
  const r = random(seed);
  const step = (fromDays - toDays) / count;
  return Array.from({ length: count }, (_, k) => fromDays - step * (k + r()));
}
