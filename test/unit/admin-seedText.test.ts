// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';

let seedText: (value: unknown, resource?: string) => string;

beforeAll(async () => {
  localStorage.setItem('lang', 'zh'); // read once, when the i18n provider loads
  // As main.tsx starts the app: the user's dictionary is in before anything reads it.
  const { loadDictionary, setDictionary } = await import('../../src/admin/i18n/dictionary');
  setDictionary(await loadDictionary('zh'));
  ({ seedText } = await import('../../src/admin/i18n/seedText'));
});

describe('seedText (seeded values at display)', () => {
  it('translates seeded values, the entity word first, lists item by item, others as stored', () => {
    expect(seedText('Super admin', 'role')).toBe('超级管理员');
    expect(seedText('Gold', 'memberLevel')).toBe('黄金会员');
    expect(seedText('Gold', 'productAttribute')).toBe('金色');
    expect(seedText('Black,White,Navy', 'productAttribute')).toBe('黑色,白色,藏青色');
    expect(seedText('Product categories (read)', 'resource')).toBe('商品分类查看');
    expect(seedText('Brands', 'menu')).toBe('品牌管理');
    expect(seedText('My own role', 'role')).toBe('My own role');
    expect(seedText('50%{x}')).toBe('50%{x}');
    expect(seedText(null)).toBe('');
  });

  it('has Chinese for every role, resource category, resource and member level the server seeds', async () => {
    const { RESOURCES, RESOURCE_CATEGORIES } = await import('../../src/server/domains/seed/data-resources');
    const { ROLES } = await import('../../src/server/domains/seed/data-accounts');
    const { MEMBER_LEVELS } = await import('../../src/server/domains/seed/data-shops');
    const seeded: [string, string][] = [
      ...ROLES.flatMap((r): [string, string][] => [
        [r.name, 'role'],
        [r.description, 'role'],
      ]),
      ...RESOURCE_CATEGORIES.map((c): [string, string] => [c.name, 'resourceCategory']),
      ...RESOURCES.map((r): [string, string] => [r.name, 'resource']),
      ...MEMBER_LEVELS.map(([name]): [string, string] => [name, 'memberLevel']),
    ];
    const untranslated = seeded.filter(([value, resource]) => !/\p{Script=Han}/u.test(seedText(value, resource)));
    expect(untranslated.map(([value]) => value)).toEqual([]);
  });

  it('sets <html lang> to the chosen language', () => {
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
