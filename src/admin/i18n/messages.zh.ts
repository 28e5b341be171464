import chineseMessages from 'ra-language-chinese';
import type { TranslationMessages } from 'react-admin';
import generatedZh from '../../../generated/i18n/zh';
import { deepMerge, specNotifications } from './messages';
import { seedZh } from './seed';
import { tiptapZh } from './tiptap.zh';
import { zh } from './zh';

/** The Chinese dictionary (see i18n/dictionary.ts). */
export default deepMerge(
  chineseMessages,
  { ra: { tiptap: tiptapZh } },
  generatedZh,
  zh,
  seedZh,
  specNotifications(zh.app.message),
) as unknown as TranslationMessages;
