/** `YYYY-MM-DD` at the start of a text, with an optional time of day `HH:mm[:ss[.fff]]` after `T` or a space. */
const LEADING_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt\s](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * Whether a text that starts with a date names a day of the calendar (and a time of day, when it has one):
 * 2024-02-30, 2023-02-29, 2024-13-45 and 24:00 do not. JavaScript's Date.parse rolls some of them over to the next
 * month and returns NaN for others, which then throws "Invalid time value".
 */
export function isRealDate(text: string): boolean {
  const m = LEADING_DATE.exec(text);
  if (!m) return false;
  // A time of day left out is midnight.
  const [, ...parts] = m;
  const [y, mo, d, h, mi, s] = parts.map((v) => Number(v ?? 0));
  // setUTCFullYear, not Date.UTC: that one reads the years 0 to 99 as 1900 to 1999.
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/** Whether a text starts with a date at all (else it is some other date-time notation Date.parse reads). */
export const startsWithDate = (text: string) => LEADING_DATE.test(text);

/**
 * The days both databases store and compare as dates: PostgreSQL has no year 0, and past 9999 an ISO text is written
 * `+010000-…`, which SQLite compares as text, before every four-digit year.
 */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';
/** How a date or date-time outside those days is refused. */
export const DATE_RANGE = `must be between ${FIRST_DAY} and ${LAST_DAY}`;
const FIRST = Date.parse(`${FIRST_DAY}T00:00:00.000Z`);
const LAST = Date.parse(`${LAST_DAY}T23:59:59.999Z`);
/** A year of more than four digits or with a sign, as ISO's expanded years are written (`+010000-01-01`). */
const EXPANDED_YEAR = /^\s*(?:[+-]\d{4,}|\d{5,})-\d{2}-\d{2}/;

/**
 * Whether a date or date-time lies outside FIRST_DAY to LAST_DAY: an expanded year, or an instant (`iso`, the text as
 * UTC) before or after them (`9999-12-31T23:00:00-05:00` is in the year 10000).
 */
export function outOfRange(text: string, iso: unknown = text): boolean {
  if (EXPANDED_YEAR.test(text)) return true;
  const t = typeof iso === 'string' ? Date.parse(iso) : NaN;
  return !Number.isNaN(t) && (t < FIRST || t > LAST);
}

/**
 * A date-time as a query gives it: `at` the instant (a bare day's start), and `dayAfter` when only a day was written
 * (`createTimeTo=2024-05-01` means through that day's end, so before the next day's start): null for the last day,
 * which every stored date-time is before.
 */
export interface Moment {
  at: string;
  dayAfter?: string | null;
}

const DAY_MS = 86_400_000;

/** A checked `YYYY-MM-DD` day (FIRST_DAY to LAST_DAY) as the span of that day. */
export const dayMoment = (day: string): Moment => {
  const start = Date.parse(`${day}T00:00:00.000Z`);
  const at = new Date(start).toISOString();
  return { at, dayAfter: day === LAST_DAY ? null : new Date(start + DAY_MS).toISOString() };
};

/** A timestamptz as PostgreSQL writes it: `2026-11-30 20:21:33.123456+00`, the fraction optional, the zone `±HH[:MM]`. */
const PG_TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(?::(\d{2}))?$/;

/**
 * A timestamptz read from PostgreSQL as the ISO text the API answers (`2026-11-30T20:21:33.123Z`, the fraction cut to
 * milliseconds). Text in UTC is rewritten as it is (through Date, a million rows of an export took a second); another
 * zone goes through Date as ISO text. Date reads PostgreSQL's own notation by guesswork: the years 1 to 99 came back
 * in the 1900s and 2000s. Anything else (a year before Christ, infinity) is left to Date.
 */
export function isoOfTimestamptz(text: string): string {
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) return new Date(text).toISOString();
  const [, day, time, fraction, hours, minutes] = m;
  const ms = fraction ? fraction.slice(0, 3).padEnd(3, '0') : '000';
  if (hours === '+00' && !minutes) return `${day}T${time}.${ms}Z`;
  return new Date(`${day}T${time}.${ms}${hours}:${minutes ?? '00'}`).toISOString();
}
