import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import generatedEn from '../../../generated/i18n/en';
import { en } from './en';
import { deepMerge, specNotifications } from './messages';
import { tiptapEn } from './tiptap.en';

/** The English dictionary (see i18n/dictionary.ts); seeded values show as stored. */
export default deepMerge(
  englishMessages,
  { ra: { tiptap: tiptapEn } },
  generatedEn,
  en,
  specNotifications(en.app.message),
) as unknown as TranslationMessages;
