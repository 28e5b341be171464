/** Cross-field checks of the schema files that JSON Schema cannot express. Each returns human-readable problems. */
import { VERSION_FIELD } from '../../src/shared/entity-meta';
import type { AppMenus, RawProperty, RawSchema } from './model';
import { NUMBER_LIMIT } from '../../src/shared/constants';
import { Messages } from '../../src/shared/messages';
import { batchOf, defaultSortOf, filtersOf, refOf } from './normalize';
import { few, nearest, type Locate } from './json';
import { countryCodes } from './emitters/countries';
import { FORMATS, formatName } from './emitters/validators';

const SUPPORTED_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array'];

/** Every enum value has a name, no name is used twice, and nothing else is named (names are identifiers: metaSchema). */
function checkEnumNames(file: string, field: string, values: RawProperty['enum'], names: Record<string, string>) {
  const where = `${file}: ${field}: x-admin.enumNames`;
  if (!values) return [`${where} needs an "enum"`];
  const keys = values.map(String);
  const named = Object.values(names);
  return [
    ...keys.filter((k) => !(k in names)).map((k) => `${where}: missing a name for value ${k}`),
    ...Object.keys(names)
      .filter((k) => !keys.includes(k))
      .map((k) => `${where}: names "${k}" which is not in enum [${few(keys)}]`),
    ...named.filter((n, i) => named.indexOf(n) !== i).map((n) => `${where}: name "${n}" is used twice`),
  ];
}

function checkFields(file: string, s: RawSchema): string[] {
  const x = s['x-admin'];
  const props = s.properties;
  const has = (f: string) => f in props;
  const out: string[] = [];
  const unknown = (where: string, fields: string[]) =>
    fields.filter((f) => !has(f)).forEach((f) => out.push(`${file}: x-admin.${where} names unknown field "${f}"`));

  if (!has('id') || props.id.type !== 'integer') out.push(`${file}: an integer "id" property is required`);
  if (has(VERSION_FIELD)) out.push(`${file}: "${VERSION_FIELD}" is added by codegen (the record's version)`);
  for (const [name, p] of Object.entries(props)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) out.push(`${file}: property "${name}" must be camelCase`);
    if (typeof p.type !== 'string' || !SUPPORTED_TYPES.includes(p.type))
      out.push(`${file}: ${name}: "type" must be one of ${SUPPORTED_TYPES.join(', ')}`);
    if (p.type === 'number' && [p.minimum, p.maximum].some((b) => b !== undefined && Math.abs(b) > NUMBER_LIMIT))
      out.push(`${file}: ${name}: "minimum" and "maximum" must lie within ±${NUMBER_LIMIT} (the column's range)`);
    if (!x.fields[name]) out.push(`${file}: x-admin.fields has no label for "${name}"`);
    if (p.enum && !x.enums?.[name]) out.push(`${file}: x-admin.enums has no value labels for enum "${name}"`);
    const px = p['x-admin'];
    if (px?.toggle && !(p.enum?.length === 2 && p.enum.includes(0) && p.enum.includes(1)))
      out.push(`${file}: ${name}: "toggle" needs "enum": [0, 1]`);
    if (px?.auto === 'owner' && refOf(p)?.resource !== 'admin')
      out.push(`${file}: ${name}: "auto": "owner" needs "ref": "admin"`);
    else if ((px?.auto === 'createdAt' || px?.auto === 'updatedAt') && p.format !== 'date-time')
      out.push(`${file}: ${name}: "auto" needs format date-time`);
    else if (px?.auto && ['ip', 'device', 'code'].includes(px.auto) && p.type !== 'string')
      out.push(`${file}: ${name}: "auto": "${px.auto}" needs a string`);
    else if ((px?.auto === 'revision') !== !!px?.counts)
      out.push(`${file}: ${name}: "auto": "revision" and "counts" go together`);
    else if (px?.auto === 'revision' && (p.type !== 'integer' || p.default !== 0))
      out.push(`${file}: ${name}: "auto": "revision" needs an integer with default 0`);
    else if (px?.counts?.some((c) => !props[c]))
      out.push(`${file}: ${name}: "counts" names a field the schema does not have`);
    if (px?.copy) {
      const [refField] = px.copy.split('.');
      if (!props[refField] || !refOf(props[refField]))
        out.push(`${file}: ${name}: "copy" must start with a field that has "ref"`);
    }
    if (px?.notBefore && (!props[px.notBefore] || props[px.notBefore].format !== p.format))
      out.push(`${file}: ${name}: "notBefore" must name a field of the same format`);
    for (const [other, values] of Object.entries(px?.requiredWhen ?? {})) {
      const enumOf = props[other]?.enum;
      if (!props[other] || other === name)
        out.push(`${file}: ${name}: "requiredWhen" must name another field of the schema`);
      else if (enumOf && values.some((v) => typeof v === 'boolean' || !enumOf.includes(v)))
        out.push(`${file}: ${name}: "requiredWhen" gives values ${other} cannot have [${few(enumOf)}]`);
    }
    if (px?.enumNames) out.push(...checkEnumNames(file, name, p.enum, px.enumNames));
    for (const [from, to] of Object.entries(px?.enumMap ?? {}))
      if (!p.enum?.some((v) => v === to))
        out.push(
          `${file}: ${name}: x-admin.enumMap moves ${from} to ${JSON.stringify(to)}, which is not in its enum [${few(p.enum ?? [])}]. ` +
            `Fix: map each value taken out to one the enum keeps`,
        );
      else if (p.enum.some((v) => String(v) === from))
        out.push(
          `${file}: ${name}: x-admin.enumMap moves ${from}, which the enum still holds. Fix: take it out of "enum"`,
        );
    if (px?.writableBy && (p.readOnly || px.auto || px.copy))
      out.push(`${file}: ${name}: "writableBy" is for a field clients write (not readOnly, auto or copy)`);
  }
  unknown('fields', Object.keys(x.fields));
  unknown('list', x.list ?? []);
  unknown('sortable', x.sortable ?? []);
  unknown(
    'batch',
    batchOf(x).map((b) => b.field),
  );
  const params = batchOf(x).map((b) => b.param);
  params
    .filter((b, i) => params.indexOf(b) !== i)
    .forEach((b) => out.push(`${file}: x-admin.batch param "${b}" is used twice`));
  unknown('filters.keyword', x.filters?.keyword ?? []);
  unknown(
    'filters',
    filtersOf(x).map((f) => f.field),
  );
  unknown('defaultSort', [defaultSortOf(x).field]);
  for (const f of x.dropped ?? [])
    if (has(f)) out.push(`${file}: x-admin.dropped names "${f}", which is still a property. Fix: remove one of them`);
  if (x.display) unknown('display', [x.display]);
  if (x.tenant) unknown('tenant', [x.tenant]);
  if (x.parent) unknown('parent', [x.parent]);
  if (x.parent && has(x.parent) && !refOf(props[x.parent]))
    out.push(`${file}: x-admin.parent "${x.parent}" must be a field with "ref"`);
  // `"tenant": "id"` marks the shop entity itself; any other tenant field is a reference to a shop.
  if (x.tenant && x.tenant !== 'id' && has(x.tenant) && refOf(props[x.tenant])?.resource !== 'shop') {
    out.push(`${file}: x-admin.tenant "${x.tenant}" must be "id" or a field with "ref": "shop"`);
  }
  for (const [name, values] of Object.entries(x.enums ?? {})) {
    const e = props[name]?.enum;
    if (!e) {
      out.push(`${file}: x-admin.enums.${name}: "${name}" is not an enum property`);
      continue;
    }
    const keys = e.map(String);
    Object.keys(values)
      .filter((k) => !keys.includes(k))
      .forEach((k) => out.push(`${file}: x-admin.enums.${name}: label for "${k}" which is not in enum [${few(keys)}]`));
    keys
      .filter((k) => !values[k])
      .forEach((k) => out.push(`${file}: x-admin.enums.${name}: missing label for value ${k}`));
  }
  if (x.keywordParam && !x.filters?.keyword) out.push(`${file}: x-admin.keywordParam needs filters.keyword`);
  if (x.tabs && !(props[x.tabs]?.enum && filtersOf(x).some((f) => f.field === x.tabs && f.op === 'eq')))
    out.push(`${file}: x-admin.tabs "${x.tabs}" must be an enum field with an "eq" filter`);
  for (const f of x.filters?.keyword ?? [])
    if (props[f] && props[f].type !== 'string') out.push(`${file}: keyword field "${f}" must be a string`);
  for (const idx of x.indexes ?? []) unknown('indexes', idx);
  if (x.pick && !(has(x.pick) && refOf(props[x.pick]) && x.createMany))
    out.push(`${file}: x-admin.pick "${x.pick}" must be a ref field, with "createMany": true`);
  for (const c of x.confirm ?? [])
    if (c !== 'delete' && !(has(c) && (props[c]['x-admin']?.toggle || batchOf(x).some((b) => b.field === c))))
      out.push(
        `${file}: x-admin.confirm: "${c}" is neither "delete" nor a switch field (one with "toggle" or in "batch")`,
      );
  if (x.tenantFrom && !(has(x.tenantFrom) && refOf(props[x.tenantFrom]) && x.tenant))
    out.push(`${file}: x-admin.tenantFrom "${x.tenantFrom}" must be a ref field, with a tenant field`);
  for (const r of s.required ?? []) if (!has(r)) out.push(`${file}: required names unknown field "${r}"`);
  return out;
}

/**
 * Rules a property states against itself: a default its own enum, bounds, length or pattern refuses (the database
 * would take it, every API create leaving the field out would then be refused or stored invalid), and ranges that
 * hold no value at all.
 */
function checkValues(locate: Locate, file: string, s: RawSchema): string[] {
  const out: string[] = [];
  for (const [name, p] of Object.entries(s.properties)) {
    const at = (key: string) => locate(file, `properties.${name}.${key}`);
    if (p.minimum !== undefined && p.maximum !== undefined && p.minimum > p.maximum)
      out.push(`${at('minimum')}: minimum ${p.minimum} is above maximum ${p.maximum}, no value fits. Fix: swap them`);
    if (p.minLength !== undefined && p.maxLength !== undefined && p.minLength > p.maxLength)
      out.push(
        `${at('minLength')}: minLength ${p.minLength} is above maxLength ${p.maxLength}, no text fits. Fix: swap them`,
      );
    // A backfill (the value a migration gives existing rows) is held to the same rules as a default.
    for (const [key, d] of [
      ['default', p.default],
      ['x-admin.backfill', p['x-admin']?.backfill],
    ] as const)
      if (d !== undefined && d !== null) out.push(...valueProblems(p, d, key, at));
  }
  return out;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  uri: '"https://example.com/"',
  email: '"someone@example.com"',
  date: '"2024-05-01"',
  'date-time': '"2024-05-01T09:30:00Z"',
  time: '"09:30:00"',
};

/** What a property's own rules say of one of its stated values (its default, its backfill). */
function valueProblems(
  p: RawProperty,
  d: unknown,
  key: 'default' | 'x-admin.backfill',
  at: (key: string) => string,
): string[] {
  const out: string[] = [];
  const shown = JSON.stringify(d);
  const wrongType =
    (p.type === 'integer' && !Number.isInteger(d)) ||
    (p.type === 'number' && typeof d !== 'number') ||
    (p.type === 'string' && typeof d !== 'string') ||
    (p.type === 'boolean' && typeof d !== 'boolean');
  if (wrongType) {
    out.push(
      `${at(key)}: ${key} ${shown} is not ${p.type === 'integer' ? 'an' : 'a'} ${p.type}. Fix: a ${p.type} default`,
    );
    return out;
  }
  if (p.enum && !p.enum.includes(d as string | number))
    out.push(
      `${at(key)}: ${key} ${shown} is not in its enum [${few(p.enum)}]. Fix: use one of them, or add ${shown} to "enum" (and its label)`,
    );
  if (p['x-admin']?.input === 'country' && !countryCodes.includes(d as string))
    out.push(
      `${at(key)}: ${key} ${shown} is not a country code [${few(countryCodes)}]. Fix: an ISO 3166-1 alpha-2 code`,
    );
  if (typeof d === 'number') {
    if (p.minimum !== undefined && d < p.minimum)
      out.push(`${at(key)}: ${key} ${shown} is below minimum ${p.minimum}. Fix: a default within the bounds`);
    if (p.maximum !== undefined && d > p.maximum)
      out.push(`${at(key)}: ${key} ${shown} is above maximum ${p.maximum}. Fix: a default within the bounds`);
  }
  if (typeof d === 'string') {
    const length = [...d].length;
    if (p.minLength !== undefined && length < p.minLength)
      out.push(`${at(key)}: ${key} ${shown} is shorter than minLength ${p.minLength}. Fix: a longer default`);
    if (p.maxLength !== undefined && length > p.maxLength)
      out.push(`${at(key)}: ${key} ${shown} is longer than maxLength ${p.maxLength}. Fix: a shorter default`);
    if (p.pattern !== undefined && !new RegExp(p.pattern, 'u').test(d))
      out.push(`${at(key)}: ${key} ${shown} does not match its pattern ${p.pattern}. Fix: a default it matches`);
    // The format as the validators check it: a value they refuse would be stored in every row the migration fills.
    const format = p.format && FORMATS[formatName(p.format)];
    if (format && !format.test(d))
      out.push(
        `${at(key)}: ${key} ${shown} is not a valid ${p.format}. Fix: a ${p.format} value, e.g. ${FORMAT_EXAMPLES[p.format!] ?? 'as the format says'}`,
      );
  }
  return out;
}

function checkRefs(locate: Locate, file: string, s: RawSchema, all: Record<string, RawSchema>): string[] {
  const out: string[] = [];
  for (const [name, p] of Object.entries(s.properties)) {
    const ref = refOf(p);
    if (!ref) continue;
    const target = all[ref.resource];
    if (!target) {
      const near = nearest(ref.resource, Object.keys(all));
      out.push(
        `${locate(file, `properties.${name}.x-admin.ref`)}: ref to unknown resource "${ref.resource}". Fix: ${
          near ? `did you mean "${near}"?` : 'name the x-admin.resource of an entity in schemas/'
        }`,
      );
    } else if (ref.display && !(ref.display in target.properties))
      out.push(`${file}: ${name}: ref display "${ref.display}" is not a field of ${ref.resource}`);
    if (p.type !== 'integer') out.push(`${file}: ${name}: a ref must be an integer`);
  }
  for (const [name, p] of Object.entries(s.properties)) {
    const copy = p['x-admin']?.copy?.split('.');
    const target = copy && refOf(s.properties[copy[0]] ?? {}) && all[refOf(s.properties[copy[0]])!.resource];
    if (copy && target && !(copy[1] in target.properties))
      out.push(`${file}: ${name}: "copy" names "${copy[1]}", not a field of the referenced entity`);
  }
  for (const [key, c] of Object.entries(s['x-admin'].children ?? {})) {
    const child = all[c.resource];
    const parent = child?.['x-admin'].parent;
    if (!child || !parent || refOf(child.properties[parent])?.resource !== s['x-admin'].resource)
      out.push(`${file}: x-admin.children.${key}: "${c.resource}" must be an entity whose parent refers to this one`);
    for (const f of Object.keys(c.when ?? {}))
      if (!(f in s.properties)) out.push(`${file}: x-admin.children.${key}.when names unknown field "${f}"`);
    if (c.ids !== undefined) {
      if (!child || c.ids === parent || !refOf(child.properties[c.ids] ?? {}))
        out.push(
          `${file}: x-admin.children.${key}.ids: "${c.ids}" must be a ref field of ${c.resource}, not its parent`,
        );
      if (c.keep) out.push(`${file}: x-admin.children.${key}: "ids" and "keep" do not go together`);
      // The generated form has rows of inputs for a list, no input for a list of ids.
      const screens = s['x-admin'].screens ?? ['create', 'edit'];
      if (screens.includes('create') || screens.includes('edit'))
        out.push(`${file}: x-admin.children.${key}.ids needs a hand-written form ("screens" without create and edit)`);
    }
  }
  for (const link of s['x-admin'].links ?? []) {
    if (!all[link] || all[link]['x-admin'].internal)
      out.push(`${file}: x-admin.links: "${link}" is not a resource with screens`);
  }
  return out;
}

function checkMenu(file: string, s: RawSchema, menus: AppMenus, seen: Map<string, string>): string[] {
  const x = s['x-admin'];
  if (!x.menu) return [];
  const out: string[] = [];
  if (x.internal) out.push(`${file}: an internal entity has no menu`);
  if (seen.has(x.menu)) out.push(`${file}: menu "${x.menu}" is also used by ${seen.get(x.menu)}`);
  seen.set(x.menu, file);
  const inApp = menus.groups.some((g) => g.name === x.menu || g.children?.some((c) => c.name === x.menu));
  if (!inApp && !x.group) out.push(`${file}: menu "${x.menu}" is not in app-menus.json: set x-admin.group`);
  if (!inApp && x.group && !menus.groups.some((g) => g.name === x.group))
    out.push(`${file}: x-admin.group "${x.group}" is not a group of app-menus.json`);
  return out;
}

/** All problems of all schemas (each already valid against the x-admin metaSchema). */
export function checkSchemas(files: Record<string, RawSchema>, menus: AppMenus, locate: Locate): string[] {
  const byResource: Record<string, RawSchema> = {};
  const out: string[] = [];
  const tables = new Map<string, string>();
  const paths = new Map<string, string>();
  for (const [file, s] of Object.entries(files)) {
    const x = s['x-admin'];
    if (file !== `${x.resource}.json`)
      out.push(`${file}: the file must be named ${x.resource}.json (x-admin.resource)`);
    if (s.$id !== undefined && s.$id !== x.resource)
      out.push(`${file}: $id must equal x-admin.resource "${x.resource}"`);
    if (tables.has(x.table))
      out.push(
        `${locate(file, 'x-admin.table')}: table ${x.table} is also used by ${tables.get(x.table)}. Fix: one table per entity`,
      );
    tables.set(x.table, file);
    // Two entities answering under one path would register the same routes.
    const path = x.path ?? `/${x.resource}`;
    if (!x.internal && paths.has(path))
      out.push(
        `${locate(file, x.path ? 'x-admin.path' : 'x-admin.resource')}: path ${path} is also used by ${paths.get(path)}. Fix: give one of them its own "path"`,
      );
    if (!x.internal) paths.set(path, file);
    for (const role of Object.keys(x.access ?? {}))
      if (x.internal || !menus.roles[role])
        out.push(
          x.internal
            ? `${locate(file, 'x-admin.access')}: an internal entity has no API of its own to grant`
            : `${locate(file, 'x-admin.access')}: role "${role}" is not one of app-menus.json's roles [${few(Object.keys(menus.roles))}]`,
        );
    byResource[x.resource] = s;
  }
  const menusSeen = new Map<string, string>();
  const actionsSeen = new Map<string, string>();
  for (const [file, s] of Object.entries(files)) {
    out.push(
      ...checkFields(file, s),
      ...checkRefs(locate, file, s, byResource),
      ...checkMenu(file, s, menus, menusSeen),
    );
    out.push(...checkValues(locate, file, s));
    out.push(...checkActions(file, s, actionsSeen), ...checkStates(file, s), ...checkActionInputs(file, s, byResource));
  }
  return out;
}

/** A state machine names an enum field with named values, those names, known messages and the entity's fields. */
function checkStates(file: string, s: RawSchema): string[] {
  const states = s['x-admin'].states;
  if (!states) return [];
  const at = `${file}: x-admin.states`;
  const names = s.properties[states.field]?.['x-admin']?.enumNames;
  if (!names) return [`${at}.field: "${states.field}" is not an enum property with x-admin.enumNames`];
  const statuses = Object.values(names);
  const out: string[] = [];
  for (const [name, t] of Object.entries(states.transitions)) {
    for (const status of [...(t.from ?? []), ...(t.to === undefined ? [] : [t.to])])
      if (!statuses.includes(status))
        out.push(`${at}.transitions.${name}: "${status}" is not one of ${states.field}'s [${few(statuses)}]`);
    if (!(t.refused in Messages))
      out.push(`${at}.transitions.${name}.refused: "${t.refused}" is not a key of src/shared/messages.ts`);
    for (const f of t.fields ?? [])
      if (!s.properties[f]) out.push(`${at}.transitions.${name}.fields: "${f}" is not a property`);
    for (const f of t.required ?? [])
      if (!t.fields?.includes(f)) out.push(`${at}.transitions.${name}.required: "${f}" is not one of its fields`);
  }
  return out;
}

const REACT_ADMIN_ACTIONS = ['list', 'show', 'create', 'edit', 'delete', 'export', 'clone'];

/** One declaration per call: two actions (of any schemas) naming the same method and full path are a mistake. */
function checkActions(file: string, s: RawSchema, seen: Map<string, string>): string[] {
  const x = s['x-admin'];
  const out: string[] = [];
  for (const [name, a] of Object.entries(x.actions ?? {})) {
    if (REACT_ADMIN_ACTIONS.includes(name))
      out.push(`${file}: x-admin.actions.${name} is a react-admin action's name (canAccess would mistake it)`);
    const call = `${a.method} ${a.base ?? x.path ?? `/${x.resource}`}${a.path}`.replace(/\{\w+\}/g, '{}');
    const other = seen.get(call);
    if (other) out.push(`${file}: x-admin.actions.${name} is the call of ${other} too`);
    seen.set(call, `${file} (${name})`);
  }
  return out;
}

/**
 * What an action takes names what there is: its resource (`of`), its transition, that resource's properties (writable
 * ones) and, among the required, only fields and parameters it takes.
 */
function checkActionInputs(file: string, s: RawSchema, byResource: Record<string, RawSchema>): string[] {
  const out: string[] = [];
  for (const [name, a] of Object.entries(s['x-admin'].actions ?? {})) {
    const at = `${file}: x-admin.actions.${name}`;
    const target = a.of === undefined ? s : byResource[a.of];
    if (!target) {
      out.push(`${at}.of: "${a.of}" is not a resource`);
      continue;
    }
    const transition = a.transition === undefined ? undefined : s['x-admin'].states?.transitions[a.transition];
    if (a.transition !== undefined && !transition)
      out.push(`${at}.transition: "${a.transition}" is not one of x-admin.states.transitions`);
    const fields = a.fields ?? transition?.fields ?? [];
    for (const f of fields)
      if (!target.properties[f] || target.properties[f].readOnly)
        out.push(`${at}.fields: "${f}" is not a writable property`);
    const given = [...fields, ...Object.keys(a.params ?? {})];
    for (const f of a.required ?? [])
      if (!given.includes(f)) out.push(`${at}.required: "${f}" is neither one of its fields nor a parameter`);
    // Lines: each names its record by its one id parameter (the route hands `{ id, body }` per line).
    const ids = Object.values(a.params ?? {}).filter((kind) => kind === 'id').length;
    if (a.op === 'updateMany' && fields.length && (ids !== 1 || Object.keys(a.params ?? {}).length !== 1))
      out.push(`${at}.params: an updateMany with fields takes lines, each naming its record by one "id" parameter`);
    for (const [p, kind] of Object.entries(a.params ?? {})) {
      if (fields.includes(p)) out.push(`${at}.params: "${p}" is one of its fields too`);
      if (kind === 'status' && !s['x-admin'].states)
        out.push(`${at}.params: "${p}" is a status, and there is no x-admin.states`);
    }
  }
  return out;
}

/** Menu names are unique across the whole tree (they are ums_menu.name and route names). */
export function checkMenus(menus: AppMenus): string[] {
  const names = menus.groups.flatMap((g) => [g.name, ...(g.children ?? []).map((c) => c.name)]);
  const groups = menus.groups.map((g) => g.name);
  return [
    ...names.filter((n, i) => names.indexOf(n) !== i).map((n) => `app-menus.json: menu name "${n}" is used twice`),
    ...Object.entries(menus.roles).flatMap(([role, def]) =>
      def.groups
        .filter((g) => !groups.includes(g))
        .map((g) => `app-menus.json: roles.${role}.groups names "${g}", which is not a group [${few(groups)}]`),
    ),
  ];
}
