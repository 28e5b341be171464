import englishMessages from 'ra-language-english';
import chineseMessages from 'ra-language-chinese';
import type { TranslationMessages } from 'react-admin';
import generatedEn from '../../../generated/i18n/en';
import generatedZh from '../../../generated/i18n/zh';
import { en } from './en';
import { zh } from './zh';

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Later sources win, key by key. */
export const deepMerge = (...sources: unknown[]): Tree => {
  const out: Tree = {};
  for (const source of sources.filter(isTree)) {
    for (const [key, value] of Object.entries(source)) {
      out[key] = isTree(value) && isTree(out[key]) ? deepMerge(out[key], value) : value;
    }
  }
  return out;
};

/** react-admin's texts, then the generated entity labels, then ours. */
export const messages = {
  en: deepMerge(englishMessages, generatedEn, en) as unknown as TranslationMessages,
  zh: deepMerge(chineseMessages, generatedZh, zh) as unknown as TranslationMessages,
};
