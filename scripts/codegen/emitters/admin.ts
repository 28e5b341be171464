/** generated/admin/: react-admin screens for every non-internal entity, e-commerce-demo style. */
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
    files[`${dir}/${n}List.tsx`] = listScreen(e);
    files[`${dir}/${n}Form.tsx`] = formScreen(e);
    files[`${dir}/${n}Create.tsx`] = createScreen(e);
    files[`${dir}/${n}Edit.tsx`] = editScreen(e);
    files[`${dir}/${n}Show.tsx`] = showScreen(e);
  }
  return files;
}
