import type { UiEntityMeta as EntityMeta, UiFieldMeta as FieldMeta } from './entity-meta';

/**
 * What lists make of an entity's metadata: used by codegen (build time, the full metadata) and the admin kit (run
 * time, its UI copy) alike.
 */

/** The upstream batch param of a field (`x-admin.batch`; `recommandStatus` → `recommendStatus` where renamed). */
export const batchParam = (meta: Pick<EntityMeta, 'batch' | 'batchFields'>, field: string): string | undefined => {
  const renamed = Object.entries(meta.batchFields ?? {}).find(([, f]) => f === field)?.[0];
  const param = renamed ?? field;
  return meta.batch.includes(param) ? param : undefined;
};

/**
 * Every list exports what it selects as CSV (`GET <path>/export`), but an internal entity's (it has no screens) and
 * one whose schema says `"export": false` (background jobs: each account sees only its own).
 */
export const exportable = (e: Pick<EntityMeta, 'internal' | 'export'>) => !e.internal && e.export !== false;

/** A 0/1 enum field the list may set row by row (`x-admin.toggle` or `x-admin.batch`): an inline switch. */
export const isSwitchField = (e: EntityMeta, f: FieldMeta) =>
  (!!f.toggle || !!batchParam(e, f.name)) && f.enum?.length === 2 && f.enum.includes(0) && f.enum.includes(1);

/** The list's switch columns, in list order. */
export const switchFields = (e: EntityMeta) =>
  e.list.map((n) => e.fields.find((f) => f.name === n)!).filter((f) => isSwitchField(e, f));

/** A phone row's parts: title (the display field), a second text, the picture. */
export function phoneParts(e: EntityMeta) {
  const listed = e.list.map((n) => e.fields.find((f) => f.name === n)!);
  const display = e.fields.find((f) => f.name === e.display);
  // A text says more under a title than a bare number (a role's description, not its account count).
  const candidates = listed.filter((f) => f.name !== e.display && f.name !== 'id' && !f.enum && !f.ref);
  const second =
    candidates.find((f) => ['text', 'email', 'url'].includes(f.input)) ??
    candidates.find((f) => ['number', 'money'].includes(f.input));
  const picture = listed.find((f) => f.input === 'image');
  return { display, second, picture };
}
