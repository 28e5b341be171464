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
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((v) => (v === undefined ? undefined : Number(v)));
  const t = new Date(Date.UTC(y!, mo! - 1, d!));
  return (
    t.getUTCFullYear() === y && t.getUTCMonth() === mo! - 1 && t.getUTCDate() === d && h! < 24 && mi! < 60 && s! < 60
  );
}

/** Whether a text starts with a date at all (else it is some other date-time notation Date.parse reads). */
export const startsWithDate = (text: string) => LEADING_DATE.test(text);

/**
 * A date-time as a query gives it: `at` the instant (a bare day's start), and `dayAfter` when only a day was written
 * (`createTimeTo=2024-05-01` means through that day's end, so before the next day's start).
 */
export interface Moment {
  at: string;
  dayAfter?: string;
}

const DAY_MS = 86_400_000;

/** A checked `YYYY-MM-DD` day as the span of that day. */
export const dayMoment = (day: string): Moment => {
  const at = new Date(Date.parse(day)).toISOString();
  return { at, dayAfter: new Date(Date.parse(day) + DAY_MS).toISOString() };
};
