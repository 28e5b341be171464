import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { dictionary } from './dictionary';
import { currentLang, HTML_LANG } from './lang';

// The page reloads on a language switch, so setting it once here follows the choice.
const lang = currentLang();
if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];

let polyglot: I18nProvider | undefined;
let made: TranslationMessages | undefined;
/**
 * Made on first use: the app's modules load while the dictionary downloads (see i18n/dictionary.ts); made again when
 * the dictionary is replaced (development: a schema's labels regenerated).
 */
const provider = () => {
  const messages = dictionary();
  if (messages !== made) {
    made = messages;
    polyglot = polyglotI18nProvider(() => messages, lang, [
      { locale: 'en', name: 'English' },
      { locale: 'zh', name: '中文' },
    ]);
  }
  return polyglot!;
};

/** The user's language only. */
export const i18nProvider: I18nProvider = {
  translate: (key, options) => provider().translate(key, options),
  changeLocale: (locale, options) => provider().changeLocale(locale, options),
  getLocale: () => provider().getLocale(),
  getLocales: () => provider().getLocales?.() ?? [],
};
