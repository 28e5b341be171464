import { i18nProvider } from './i18nProvider';

/** Polyglot would read `%{` and `||||` in a stored value as its own syntax: such values are shown as stored. */
const PLAIN = /^[^%|]*$/;

/**
 * A seeded value in the current language (the page reloads on a language switch, so no hook is needed): the
 * entity's own word, else the shared one, else the value itself. Comma-joined lists (attribute values) are
 * translated item by item. Plain function so that optionText and recordRepresentation can use it.
 */
export const seedText = (value: unknown, resource?: string): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (!text || !PLAIN.test(text)) return text;
  const one = (v: string) => {
    const shared = i18nProvider.translate(`seed.${v}`, { _: v });
    return resource ? i18nProvider.translate(`seed.${resource}.${v}`, { _: shared }) : shared;
  };
  const whole = one(text);
  return whole === text && text.includes(',')
    ? text
        .split(',')
        .map((v) => one(v.trim()))
        .join(',')
    : whole;
};
