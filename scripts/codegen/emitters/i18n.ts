/**
 * generated/i18n/<lang>.ts: resource names, field labels, enum value labels, menu titles and country names per language,
 * and (zh) the Chinese of the English names the server seeds.
 */
import type { Lang } from '../../../src/shared/entity-meta';
import type { Model } from '../model';
import { menuTree } from '../menus';
import { BANNER, literal } from '../print';
import { countryLabels } from './countries';

function messages(model: Model, lang: Lang) {
  // Internal entities too: a hand-written screen shows them inside their parent (an order's lines and history).
  const entities = model.entities;
  const resources = Object.fromEntries(
    entities.map((e) => [
      e.name,
      {
        name: lang === 'en' ? `${e.labelOne.en} |||| ${e.label.en}` : e.label.zh,
        fields: Object.fromEntries(e.fields.map((f) => [f.name, f.label[lang]])),
      },
    ]),
  );
  const enums = Object.fromEntries(
    entities
      .map(
        (e) =>
          [
            e.name,
            Object.fromEntries(
              e.fields
                .filter((f) => f.enumLabels)
                .map((f) => [f.name, Object.fromEntries(Object.entries(f.enumLabels!).map(([v, l]) => [v, l[lang]]))]),
            ),
          ] as const,
      )
      .filter(([, v]) => Object.keys(v).length),
  );
  const menus = menuTree(model).flatMap((g) => [g, ...(g.children ?? [])]);
  const menu = Object.fromEntries(menus.map((m) => [m.name, m.title[lang]]));
  // The server seeds menus and resource names in English, by these labels: the Chinese shows them (seedText).
  const seed =
    lang === 'zh'
      ? Object.fromEntries([
          ...entities.map((e) => [e.label.en, e.label.zh]),
          // Platform-wide entities are also seeded read-only to shop roles, as "<label> (read)".
          ...entities.map((e) => [`${e.label.en} (read)`, `${e.label.zh}查看`]),
          ...menus.map((m) => [m.title.en, m.title.zh]),
        ])
      : {};
  return { resources, enums, menu, countries: countryLabels(lang), seed };
}

export function emitI18n(model: Model): Record<string, string> {
  const file = (lang: Lang) => `${BANNER}export default ${literal(messages(model, lang))};\n`;
  return { 'i18n/en.ts': file('en'), 'i18n/zh.ts': file('zh') };
}
