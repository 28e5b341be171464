/**
 * generated/entities.ts: the normalized EntityMeta of every entity (the server's); generated/admin/entities.ts: the
 * admin UI's copy, without what the UI never reads (see UI_OMITTED): the labels alone were half of it, and they are
 * in the i18n dictionaries already.
 */
import { UI_FALSE_OMITTED, UI_OMITTED, type EntityMeta, type UiEntityMeta } from '../../../src/shared/entity-meta';
import type { Model } from '../model';
import { BANNER, key, literal } from '../print';

const without = <T extends object>(o: T, keys: readonly string[], ifFalse: readonly string[] = []) =>
  Object.fromEntries(Object.entries(o).filter(([k, v]) => !keys.includes(k) && !(v === false && ifFalse.includes(k))));

const uiMeta = (e: EntityMeta): UiEntityMeta =>
  ({
    ...without(e, UI_OMITTED.entity),
    fields: e.fields.map((f) => without(f, UI_OMITTED.field, UI_FALSE_OMITTED)),
  }) as UiEntityMeta;

export function emitEntities(model: Model): Record<string, string> {
  const body = (meta: (e: EntityMeta) => object) =>
    model.entities.map((e) => `  ${key(e.name)}: ${literal(meta(e), '  ')},`).join('\n');
  const names = model.entities.map((e) => `'${e.name}'`).join(' | ');
  return {
    'entities.ts': `${BANNER}import type { EntityMeta } from '../src/shared/entity-meta';

export type EntityName = ${names};

export const entities: Record<string, EntityMeta> = {
${body((e) => e)}
};

export const entityNames = Object.keys(entities) as EntityName[];
`,
    'admin/entities.ts': `${BANNER}import type { UiEntityMeta } from '../../src/shared/entity-meta';

/** The entity metadata the admin UI reads: generated/entities.ts without labels and server-only keys. */
export const entities: Record<string, UiEntityMeta> = {
${body(uiMeta)}
};

// \`npm run dev\`: regenerated metadata replaces the entries in place, before the screens that changed are
// hot-updated (scripts/dev.ts), instead of the whole page reloading.
if (import.meta.hot)
  import.meta.hot.accept((next) => {
    if (next) Object.assign(entities, next.entities);
  });
`,
  };
}
