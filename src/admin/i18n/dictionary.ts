import type { TranslationMessages } from 'react-admin';
import type { Lang } from '../../shared/constants';

let current: TranslationMessages | undefined;

/**
 * The user's dictionary (i18n/messages.<lang>.ts), downloaded beside the app and set before its first render
 * (main.tsx): the page reloads on a language switch, so the other language is never needed.
 */
export const setDictionary = (messages: TranslationMessages) => {
  current = messages;
};

export const dictionary = (): TranslationMessages => {
  if (!current) throw new Error('The dictionary was read before main.tsx set it');
  return current;
};

// `npm run dev`: a dictionary regenerated from a schema (a field's new label) replaces the one in use, so the
// screens update in place instead of the whole page reloading.
if (import.meta.hot)
  import.meta.hot.accept(['./messages.en', './messages.zh'], (modules) => {
    const fresh = modules.find((m) => m)?.default as TranslationMessages | undefined;
    if (fresh && current) current = fresh;
  });

export const loadDictionary = async (lang: Lang): Promise<TranslationMessages> =>
  (lang === 'zh' ? await import('./messages.zh') : await import('./messages.en')).default;
