import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { messages } from '../../src/admin/i18n/messages';
import { detectLang } from '../../src/admin/i18n/lang';
import { Messages } from '../../src/shared/messages';

const flat = (tree: object, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v ? flat(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  const zh = new Map(flat(messages.zh));
  const en = new Map(flat(messages.en));

  it('zh has every react-admin 5 key, with the same placeholders', () => {
    const missing = flat(englishMessages).filter(([key]) => !zh.has(key));
    expect(missing.map(([k]) => k)).toEqual([]);
    const mismatched = flat(englishMessages).filter(([key, text]) => placeholders(text).join() !== placeholders(zh.get(key)!).join());
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it('zh and en have the same app and entity keys', () => {
    const ours = (m: Map<string, string>) => [...m.keys()].filter((k) => !k.startsWith('ra.')).sort();
    expect(ours(zh)).toEqual(ours(en));
  });

  it('every spec message has a key in both languages', () => {
    for (const key of Object.keys(Messages)) {
      expect(en.get(`app.message.${key}`)).toBe(Messages[key as keyof typeof Messages]);
      expect(zh.get(`app.message.${key}`)).toBeTruthy();
    }
  });

  it('picks the stored language, else the browser one', () => {
    expect(detectLang('zh', 'en-US')).toBe('zh');
    expect(detectLang(null, 'zh-CN')).toBe('zh');
    expect(detectLang(null, 'fr-FR')).toBe('en');
    expect(detectLang('xx', undefined)).toBe('en');
  });
});
