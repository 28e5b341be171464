import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages } from '../i18n/messages';
import { currentLang } from '../i18n/lang';

export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'zh' ? messages.zh : messages.en), currentLang(), [
  { locale: 'en', name: 'English' },
  { locale: 'zh', name: '中文' },
]);
