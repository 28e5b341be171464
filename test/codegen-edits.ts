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

/** `file`'s property `from` renamed `to` everywhere (x-admin mentions too), stated by `renamedFrom`. */
export function renameProperty(src: Sources, file: string, from: string, to: string): Sources {
  const out = structuredClone(src);
  const schema = JSON.parse(JSON.stringify(out.schemas[file]).replaceAll(`"${from}"`, `"${to}"`));
  const p = schema.properties[to];
  p['x-admin'] = { ...p['x-admin'], renamedFrom: from };
  out.schemas[file] = schema;
  return out;
}

/** `file` without `property` (and every x-admin mention of it), listed in `dropped`. */
export function dropProperty(src: Sources, file: string, property: string): Sources {
  const out = structuredClone(src);
  const without = (v: any): any =>
    Array.isArray(v)
      ? v.filter((x) => x !== property).map(without)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (k === property ? [] : [[k, without(x)]])))
        : v;
  const schema = out.schemas[file] as any;
  delete schema.properties[property];
  schema.required = (schema.required ?? []).filter((r: string) => r !== property);
  schema['x-admin'] = { ...without(schema['x-admin']), dropped: [...(schema['x-admin'].dropped ?? []), property] };
  return out;
}
