/** generated/admin/: react-admin screens for every non-internal entity, e-commerce-demo style. */
import type { EntityMeta } from '../../../src/shared/entity-meta';
import type { Model } from '../model';
import { pascal } from '../print';
import { moduleIndex, resourcesIndex } from './admin/module';
import { createScreen, editScreen, formScreen, listScreen, showScreen } from './admin/screens';

export function emitAdmin(model: Model): Record<string, string> {
  const entities = model.entities.filter((e) => !e.internal);
  const files: Record<string, string> = { 'admin/resources.ts': resourcesIndex(entities) };
  for (const e of entities) {
    const dir = `admin/${e.name}`;
    const n = pascal(e.name);
    files[`${dir}/index.ts`] = moduleIndex(e);
    // Only the views the schema leaves to codegen: a hand-written view replaces the generated one, never sits beside it.
    const has = (v: EntityMeta['screens'][number]) => e.screens.includes(v);
    if (has('list')) files[`${dir}/${n}List.tsx`] = listScreen(e);
    if (has('create') || has('edit')) files[`${dir}/${n}Form.tsx`] = formScreen(e, model.entities);
    if (has('create')) files[`${dir}/${n}Create.tsx`] = createScreen(e);
    if (has('edit')) files[`${dir}/${n}Edit.tsx`] = editScreen(e);
    if (has('show')) files[`${dir}/${n}Show.tsx`] = showScreen(e);
  }
  return files;
}
