import { STORAGE, type Lang } from '../../shared/constants';

/** The stored preference, else the browser's language (zh* → zh, anything else → en). */
export const detectLang = (stored: string | null, browser: string | undefined): Lang =>
  stored === 'en' || stored === 'zh' ? stored : browser?.toLowerCase().startsWith('zh') ? 'zh' : 'en';

export const currentLang = (): Lang => detectLang(localStorage.getItem(STORAGE.lang), navigator.language);

/** `<html lang>` of each language, for screen readers, fonts and hyphenation. */
export const HTML_LANG: Record<Lang, string> = { en: 'en', zh: 'zh-CN' };

/** Spec §1: choosing a language stores it, sets the locale and reloads. */
export const switchLang = (lang: Lang, setLocale?: (lang: Lang) => unknown) => {
  localStorage.setItem(STORAGE.lang, lang);
  void setLocale?.(lang);
  window.location.reload();
};
