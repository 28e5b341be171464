/** JSX of form inputs (create/edit) and list filters for one entity field. */
import type { EntityMeta, FieldMeta, FilterMeta } from '../../../../src/shared/entity-meta';
import { literal } from '../../print';
import { COUNTRIES, Imports, KIT, RA } from './imports';

/** The `validate` rules of a field, written out at build time (an override copied from here keeps them). */
function rules(f: FieldMeta, im: Imports): string[] {
  const out: string[] = [];
  if (f.type === 'string' && f.maxLength !== undefined) out.push(`${im.use(KIT, 'lengthBetween')}(${f.minLength ?? 0}, ${f.maxLength})`);
  if (f.minimum !== undefined) out.push(`${im.use(RA, 'minValue')}(${f.minimum})`);
  if (f.maximum !== undefined) out.push(`${im.use(RA, 'maxValue')}(${f.maximum})`);
  return out;
}

const list = (r: string[]) => (r.length === 1 ? r[0] : `[${r.join(', ')}]`);

/** ` validate={…}`; a required write-only field (password) is only required on create (the form's `create` prop). */
function validateProp(f: FieldMeta, im: Imports): string {
  const r = rules(f, im);
  if (!f.required) return r.length ? ` validate={${list(r)}}` : '';
  const req = [`${im.use(RA, 'required')}()`, ...r];
  if (!f.writeOnly) return ` validate={${list(req)}}`;
  return ` validate={create ? ${list(req)} : ${r.length ? list(r) : 'undefined'}}`;
}

/** A reference's choice label: its display field, through the seed dictionary when that field is `translate`. */
const optionText = (ref: NonNullable<FieldMeta['ref']>, im: Imports) =>
  ref.translate
    ? `optionText={(record) => ${im.use(KIT, 'seedText')}(record.${ref.display}, '${ref.resource}')}`
    : `optionText="${ref.display}"`;

/** True when the form's inputs depend on the `create` prop. */
export const usesCreate = (fields: FieldMeta[]) => fields.some((f) => f.required && f.writeOnly);

export function inputJsx(f: FieldMeta, im: Imports): string {
  const v = validateProp(f, im);
  const src = `source="${f.name}"`;
  if (f.ref) {
    return `<${im.use(RA, 'ReferenceInput')} ${src} reference="${f.ref.resource}">\n  <${im.use(RA, 'AutocompleteInput')} ${optionText(f.ref, im)}${v} />\n</ReferenceInput>`;
  }
  if (f.enum) {
    const radio = f.input === 'radio' || f.input === 'switch' ? ' radio' : '';
    return `<${im.use(KIT, 'EnumInput')} ${src} values={${literal(f.enum)}}${radio}${v} />`;
  }
  switch (f.input) {
    case 'number':
    case 'money':
      return `<${im.use(RA, 'NumberInput')} ${src}${v} />`;
    case 'textarea':
    case 'richtext':
    case 'json':
      return `<${im.use(RA, 'TextInput')} ${src} multiline minRows={3} fullWidth${v} />`;
    case 'image':
    case 'images':
      return `<${im.use(KIT, 'ImageInput')} ${src}${v} />`;
    case 'password':
    case 'secret':
      return `<${im.use(RA, 'PasswordInput')} ${src}${v} />`;
    case 'country':
      return `<${im.use(RA, 'SelectInput')} ${src} choices={${im.use(COUNTRIES, 'countryChoices')}}${v} />`;
    case 'datetime':
      return `<${im.use(RA, 'DateTimeInput')} ${src}${v} />`;
    case 'date':
      return `<${im.use(RA, 'DateInput')} ${src}${v} />`;
    case 'switch':
      return `<${im.use(RA, 'BooleanInput')} ${src}${v} />`;
    case 'email':
      return `<${im.use(RA, 'TextInput')} ${src} type="email"${v} />`;
    case 'url':
      return `<${im.use(RA, 'TextInput')} ${src} type="url"${v} />`;
    default:
      return `<${im.use(RA, 'TextInput')} ${src}${v} />`;
  }
}

/** The field holding a shop-scoped record's shop (`x-admin.tenant`), none for shops themselves and platform data. */
export const tenantField = (e: EntityMeta): FieldMeta | undefined =>
  e.tenant && e.tenant !== e.primaryKey ? e.fields.find((f) => f.name === e.tenant && f.ref) : undefined;

/**
 * The kit's shop picker for the tenant field: required, preselected when the caller has one shop. Chosen on create
 * only: the generic update keeps a record's shop, so the edit form shows it disabled.
 */
export function shopInputJsx(f: FieldMeta, im: Imports): string {
  return `<${im.use(KIT, 'ShopInput')} source="${f.name}" reference="${f.ref!.resource}" optionText="${f.ref!.display}" disabled={!create} />`;
}

/** List filter inputs for one filter (two for a range: <param>From / <param>To). */
export function filterJsx(e: EntityMeta, flt: FilterMeta, im: Imports): string[] {
  const f = e.fields.find((x) => x.name === flt.field)!;
  const label = flt.param === f.name ? '' : ` label="resources.${e.name}.fields.${f.name}"`;
  const field = flt.param === f.name ? '' : ` field="${f.name}"`;
  const at = (param: string) => `key="${param}" source="${param}"`;
  if (flt.op === 'range') {
    const input = f.type === 'datetime' || f.type === 'date' ? im.use(RA, 'DateInput') : im.use(RA, 'NumberInput');
    return ['From', 'To'].map((s) => `<${input} ${at(flt.param + s)} label="resources.${e.name}.fields.${f.name}" />`);
  }
  if (f.ref) {
    return [`<${im.use(RA, 'ReferenceInput')} ${at(flt.param)} reference="${f.ref.resource}"${label}>\n  <${im.use(RA, 'AutocompleteInput')} ${optionText(f.ref, im)} />\n</ReferenceInput>`];
  }
  if (f.enum && (flt.op === 'eq' || flt.op === 'in')) {
    return [`<${im.use(KIT, 'EnumInput')} ${at(flt.param)}${field} values={${literal(f.enum)}}${label} />`];
  }
  if (f.input === 'country') {
    return [`<${im.use(RA, 'SelectInput')} ${at(flt.param)} choices={${im.use(COUNTRIES, 'countryChoices')}}${label} />`];
  }
  const input = flt.op !== 'like' && (f.type === 'integer' || f.type === 'number') ? im.use(RA, 'NumberInput') : im.use(RA, 'TextInput');
  return [`<${input} ${at(flt.param)}${label} />`];
}
