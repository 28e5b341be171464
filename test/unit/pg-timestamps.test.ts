/** PostgreSQL's text of a timestamptz, turned into the API's ISO text without Date where it is in UTC. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoOfTimestamptz } from '../../src/server/core/dates';

/** A timestamptz as PostgreSQL writes it with TimeZone UTC: trailing zeros of the fraction dropped, none if whole. */
const pgText = (ms: number, micros: number) => {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
};

describe('timestamps read from PostgreSQL', () => {
  it('come out as the instant they are, for every instant of the years 0001 to 9999', () => {
    const instant = fc.integer({
      min: Date.parse('0001-01-01T00:00:00Z'),
      max: Date.parse('9999-12-31T23:59:59.999Z'),
    });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999 }), (ms, micros) => {
        expect(isoOfTimestamptz(pgText(ms, micros))).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
    expect(isoOfTimestamptz('2026-11-30 20:21:33.12+00')).toBe('2026-11-30T20:21:33.120Z');
    expect(isoOfTimestamptz('2026-11-30 20:21:33+00')).toBe('2026-11-30T20:21:33.000Z');
  });

  it('in another time zone come out in UTC, the first century too', () => {
    expect(isoOfTimestamptz('2026-11-30 08:00:00.25+08')).toBe('2026-11-30T00:00:00.250Z');
    expect(isoOfTimestamptz('2026-11-30 05:30:00+05:30')).toBe('2026-11-30T00:00:00.000Z');
    expect(isoOfTimestamptz('0050-06-15 12:00:00.123456-03:30')).toBe('0050-06-15T15:30:00.123Z');
    expect(isoOfTimestamptz('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
  });
});
