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

export const loadDictionary = async (lang: Lang): Promise<TranslationMessages> =>
  (lang === 'zh' ? await import('./messages.zh') : await import('./messages.en')).default;
