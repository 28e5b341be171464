/** JSX of form inputs (create/edit) and list filters for one entity field. */
import type { EntityMeta, FieldMeta, FilterMeta } from '../../../../src/shared/entity-meta';
import { Imports, KIT, RA } from './imports';

/** A reference filter's choice label: its display field, through the seed dictionary when that field is `translate`. */
const optionText = (ref: NonNullable<FieldMeta['ref']>, im: Imports) =>
  ref.translate
    ? `optionText={(record) => ${im.use(KIT, 'seedText')}(record.${ref.display}, '${ref.resource}')}`
    : `optionText="${ref.display}"`;

/**
 * The input of one writable field. The kind of input is chosen here, at build time (api-platform's mapping of
 * schema types to inputs); its label, rules (required, length, bounds, pattern, with the spec's messages), enum
 * choices and reference target come from the kit's schema-aware inputs reading the generated metadata, so a
 * hand-written override that uses the same kit input keeps every rule.
 */
export function inputJsx(f: FieldMeta, im: Imports): string {
  const src = `source="${f.name}"`;
  const kit = (name: string, extra = '') => `<${im.use(KIT, name)} ${src}${extra} />`;
  if (f.ref) return kit('ReferenceInput');
  if (f.enum) return kit('EnumInput', f.input === 'radio' || f.input === 'switch' ? ' radio' : '');
  switch (f.input) {
    case 'number':
    case 'money':
      return kit('NumberInput');
    case 'richtext':
      return kit('RichTextInput');
    case 'image':
    case 'images':
      return kit('ImageInput');
    case 'password':
    case 'secret':
      return kit('PasswordInput');
    case 'country':
      return kit('CountryInput');
    case 'datetime':
      return kit('DateTimeInput');
    case 'date':
      return kit('DateInput');
    case 'time':
      return kit('TimeInput');
    case 'switch':
      return `<${im.use(RA, 'BooleanInput')} ${src} />`;
    default:
      return kit('TextInput');
  }
}

/** The field holding a shop-scoped record's shop (`x-admin.tenant`), none for shops themselves and platform data. */
export const tenantField = (e: EntityMeta): FieldMeta | undefined =>
  // A record whose shop follows another's (`tenantFrom`) is not given one on its form.
  e.tenant && e.tenant !== e.primaryKey && !e.tenantFrom
    ? e.fields.find((f) => f.name === e.tenant && f.ref)
    : undefined;

/**
 * The kit's shop picker for the tenant field: required, preselected when the caller has one shop. Chosen on create
 * only: the generic update keeps a record's shop, so the edit form shows it disabled.
 */
export function shopInputJsx(f: FieldMeta, im: Imports): string {
  return `<${im.use(KIT, 'ShopInput')} source="${f.name}" reference="${f.ref!.resource}" optionText="${f.ref!.display}" disabled={!create} />`;
}

/** List filter inputs for one filter (two for a range: <param>From / <param>To). */
export function filterJsx(e: EntityMeta, flt: FilterMeta, im: Imports, alwaysOn: boolean): string[] {
  const f = e.fields.find((x) => x.name === flt.field)!;
  const label = flt.param === f.name ? '' : ` label="resources.${e.name}.fields.${f.name}"`;
  const field = flt.param === f.name ? '' : ` field="${f.name}"`;
  const at = (param: string) => `key="${param}" source="${param}"${alwaysOn ? ' alwaysOn' : ''}`;
  if (flt.op === 'range') {
    const input = f.type === 'datetime' || f.type === 'date' ? im.use(RA, 'DateInput') : im.use(RA, 'NumberInput');
    return ['From', 'To'].map((s) => `<${input} ${at(flt.param + s)} label="resources.${e.name}.fields.${f.name}" />`);
  }
  if (f.ref) {
    return [
      `<${im.use(RA, 'ReferenceInput')} ${at(flt.param)} reference="${f.ref.resource}"${label}>\n  <${im.use(RA, 'AutocompleteInput')} ${optionText(f.ref, im)} />\n</ReferenceInput>`,
    ];
  }
  if (f.enum && (flt.op === 'eq' || flt.op === 'in')) {
    return [`<${im.use(KIT, 'EnumFilter')} ${at(flt.param)}${field}${label} />`];
  }
  if (f.input === 'country') {
    return [`<${im.use(KIT, 'CountryAutocomplete')} ${at(flt.param)}${label} />`];
  }
  const input =
    flt.op !== 'like' && (f.type === 'integer' || f.type === 'number')
      ? im.use(RA, 'NumberInput')
      : im.use(RA, 'TextInput');
  return [`<${input} ${at(flt.param)}${label} />`];
}
