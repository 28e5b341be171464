/** Schema edits the codegen tests and the migration tests apply to the project's own sources. */
import type { Sources } from '../scripts/codegen/model';

/** brand.json with `factoryStatus` renamed `makerStatus` everywhere, stated by `renamedFrom`; `more` edits it further. */
export function renameFactoryStatus(src: Sources, more: (property: any) => void = () => {}): Sources {
  const out = structuredClone(src);
  const brand = JSON.parse(JSON.stringify(out.schemas['brand.json']).replaceAll('"factoryStatus"', '"makerStatus"'));
  const p = brand.properties.makerStatus;
  p['x-admin'] = { ...p['x-admin'], renamedFrom: 'factoryStatus' };
  more(p);
  out.schemas['brand.json'] = brand;
  return out;
}
