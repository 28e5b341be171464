/** generated/countries.ts: the country codes and react-admin choices of `country` inputs (labels in i18n `countries.*`). */
import { COUNTRIES } from '../country-list';
import { BANNER, literal } from '../print';

export const countryCodes = COUNTRIES.map(([code]) => code);

/** i18n `countries.<code>` for one language. */
export const countryLabels = (lang: 'en' | 'zh') =>
  Object.fromEntries(COUNTRIES.map(([code, en, zh]) => [code, lang === 'en' ? en : zh]));

export function emitCountries(): Record<string, string> {
  return {
    'countries.ts': `${BANNER}/** ISO 3166-1 alpha-2 codes offered by country inputs; names are the i18n keys \`countries.<code>\`. */
export const countryCodes: readonly string[] = ${literal(countryCodes)};

/** react-admin choices (SelectInput / SelectField translate the name key). */
export const countryChoices = countryCodes.map((id) => ({ id, name: \`countries.\${id}\` }));
`,
  };
}
