import { lengthBetween as message } from '../../shared/messages';

/**
 * Validator for string length bounds with the spec's message 'Length must be between <min> and <max> characters'
 * (i18n key `app.validation.lengthBetween`, %{min} / %{max}; the English text is the fallback).
 */
export const lengthBetween = (min: number, max: number) => (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = [...String(value)].length;
  return n < min || n > max
    ? { message: 'app.validation.lengthBetween', args: { min, max, _: message(min, max) } }
    : undefined;
};
