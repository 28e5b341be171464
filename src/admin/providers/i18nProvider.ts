import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages } from '../i18n/messages';
import { currentLang, HTML_LANG } from '../i18n/lang';

// The page reloads on a language switch, so setting it once here follows the choice.
if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[currentLang()];

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'zh' ? messages.zh : messages.en),
  currentLang(),
  [
    { locale: 'en', name: 'English' },
    { locale: 'zh', name: '中文' },
  ],
);
