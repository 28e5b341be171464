import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import messagesEn from '../../src/admin/i18n/messages.en';
import messagesZh from '../../src/admin/i18n/messages.zh';
import { detectLang } from '../../src/admin/i18n/lang';
import { Messages } from '../../src/shared/messages';

const messages = { en: messagesEn, zh: messagesZh };

const flat = (tree: object, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v ? flat(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  const zh = new Map(flat(messages.zh));
  const en = new Map(flat(messages.en));

  it('zh has every react-admin 5 key, with the same placeholders', () => {
    const missing = flat(englishMessages).filter(([key]) => !zh.has(key));
    expect(missing.map(([k]) => k)).toEqual([]);
    // Against our English (react-admin's plus the spec's notifications, which name no count).
    const mismatched = flat(englishMessages).filter(
      ([key]) => placeholders(en.get(key)!).join() !== placeholders(zh.get(key)!).join(),
    );
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it('zh and en have the same app and entity keys', () => {
    // `seed.*` is Chinese only: English shows the seeded values as stored.
    const ours = (m: Map<string, string>) =>
      [...m.keys()].filter((k) => !k.startsWith('ra.') && !k.startsWith('seed.')).sort();
    expect(ours(zh)).toEqual(ours(en));
  });

  it('every spec message has a key in both languages', () => {
    for (const key of Object.keys(Messages)) {
      expect(en.get(`app.message.${key}`)).toBe(Messages[key as keyof typeof Messages]);
      expect(zh.get(`app.message.${key}`)).toBeTruthy();
    }
  });

  it("says the spec's messages (§8) where react-admin would say its own, in both languages", () => {
    for (const [lang, m] of [
      ['en', en],
      ['zh', zh],
    ] as const) {
      const spec = (key: string) => m.get(`app.message.${key}`);
      expect(m.get('ra.notification.deleted'), lang).toBe(spec('deleteSuccess'));
      expect(m.get('ra.notification.updated'), lang).toBe(spec('editSuccess'));
      expect(m.get('ra.notification.created'), lang).toBe(spec('submitSuccess'));
      expect(m.get('ra.message.invalid_form'), lang).toBe(spec('validationFailed'));
    }
    expect(en.get('ra.notification.deleted')).toBe('Delete Success');
    expect(zh.get('ra.notification.deleted')).toBe('删除成功');
  });

  it('has Chinese for every rich-text toolbar label and the seeded values', () => {
    const tiptap = [...en.keys()].filter((k) => k.startsWith('ra.tiptap.'));
    expect(tiptap.length).toBeGreaterThan(20);
    for (const key of tiptap) expect(zh.get(key), key).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.get('seed.Super admin')).toBe('超级管理员');
    expect(zh.get('seed.memberLevel.Gold')).toBe('黄金会员');
  });

  it('picks the stored language, else the browser one', () => {
    expect(detectLang('zh', 'en-US')).toBe('zh');
    expect(detectLang(null, 'zh-CN')).toBe('zh');
    expect(detectLang(null, 'fr-FR')).toBe('en');
    expect(detectLang('xx', undefined)).toBe('en');
  });
});
