/** Raw schema file → normalized EntityMeta (src/shared/entity-meta.ts). Assumes check.ts found no problems. */
import type { EntityMeta, FieldMeta, FieldType, FilterMeta, InputKind } from '../../src/shared/entity-meta';
import { snakeCase } from '../../src/shared/sql-naming';
import type { RawProperty, RawSchema, RootXAdmin } from './model';

const CRUD_ALL = { list: true, get: true, create: true, update: true, delete: true };
// Internal tables (join tables) get no generic routes unless asked.
const CRUD_NONE = { list: false, get: false, create: false, update: false, delete: false };

export function fieldType(p: RawProperty): FieldType {
  if (p.type === 'string' && p.format === 'date-time') return 'datetime';
  if (p.type === 'string' && p.format === 'date') return 'date';
  if (p.type === 'string' && p.format === 'time') return 'time';
  if (p.type === 'integer' || p.type === 'number' || p.type === 'boolean' || p.type === 'string') return p.type;
  return 'json';
}

/** `ref` as written ("brand" or {resource, display?}) → {resource, display?}. */
export const refOf = (p: RawProperty) => {
  const ref = p['x-admin']?.ref;
  return typeof ref === 'string' ? { resource: ref } : ref;
};

const isStatusLike = (name: string, p: RawProperty) =>
  p.enum?.length === 2 && p.enum.includes(0) && p.enum.includes(1) && /(^status|Status|^hidden)$/.test(name);

function inferInput(name: string, p: RawProperty, type: FieldType): InputKind {
  const x = p['x-admin'] ?? {};
  if (x.input) return x.input;
  if (x.ref) return 'reference';
  if (x.secret) return 'secret';
  if (p.enum) return isStatusLike(name, p) ? 'switch' : 'select';
  if (type === 'datetime' || type === 'date' || type === 'time' || type === 'json') return type;
  if (type === 'boolean') return 'switch';
  if (type === 'integer' || type === 'number') return 'number';
  if (p.format === 'email') return 'email';
  if (p.format === 'uri') return 'url';
  if (p.writeOnly && /password/i.test(name)) return 'password';
  return (p.maxLength ?? 0) > 255 ? 'textarea' : 'text';
}

/** The display field of an entity: x-admin.display, else `name`, `title`, `username`, else `id`. */
export function displayOf(s: RawSchema): string {
  const x = s['x-admin'];
  return x.display ?? ['name', 'title', 'username'].find((f) => f in s.properties) ?? 'id';
}

/** The filters map as {param, field, op}, `keyword` excluded. */
export function filtersOf(x: RootXAdmin): FilterMeta[] {
  return Object.entries(x.filters ?? {})
    .filter(([param]) => param !== 'keyword')
    .map(([param, v]) => {
      if (typeof v === 'string') return { param, field: param, op: v as FilterMeta['op'] };
      const { field, op, shown, default: value } = v as Omit<FilterMeta, 'param'> & { field?: string };
      return {
        param,
        field: field ?? param,
        op,
        ...(shown && { shown }),
        ...(value !== undefined && { default: value }),
      };
    });
}

/** The batch entries as {param, field} (a plain name is both). */
export const batchOf = (x: RootXAdmin) =>
  (x.batch ?? []).map((b) => (typeof b === 'string' ? { param: b, field: b } : b));

export function defaultSortOf(x: RootXAdmin): EntityMeta['defaultSort'] {
  const s = x.defaultSort ?? '-id';
  return s.startsWith('-') ? { field: s.slice(1), order: 'DESC' } : { field: s, order: 'ASC' };
}

function field(s: RawSchema, name: string, p: RawProperty, all: Record<string, RawSchema>): FieldMeta {
  const x = s['x-admin'];
  const px = p['x-admin'] ?? {};
  const type = fieldType(p);
  const ref = refOf(p);
  const f: FieldMeta = {
    name,
    column: snakeCase(name),
    type,
    required: (s.required ?? []).includes(name),
    readOnly: !!p.readOnly || name === 'id' || !!px.auto || !!px.copy || x.tenant === name,
    writeOnly: !!p.writeOnly,
    secret: !!px.secret,
    input: inferInput(name, p, type),
    label: x.fields[name],
  };
  for (const k of ['minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'enum', 'default'] as const) {
    if (p[k] !== undefined) (f as unknown as Record<string, unknown>)[k] = p[k];
  }
  if (ref) f.ref = { resource: ref.resource, display: ref.display ?? displayOf(all[ref.resource]) };
  if (ref?.onDelete) f.ref!.onDelete = ref.onDelete;
  if (ref && all[ref.resource]?.properties[f.ref!.display]?.['x-admin']?.translate) f.ref!.translate = true;
  if (x.enums?.[name]) f.enumLabels = x.enums[name];
  // On a shop-scoped entity a code is the shop's own: another shop may use it too, unless the schema says global.
  if (px.unique)
    f.unique = px.unique === true && x.tenant && x.tenant !== 'id' && x.tenant !== name ? 'shop' : 'global';
  if (px.auto) f.auto = px.auto;
  if (px.counts) f.counts = px.counts;
  if (px.translate) f.translate = true;
  if (px.byId) f.byId = px.byId;
  if (px.notBefore) f.notBefore = px.notBefore;
  for (const [field, values] of Object.entries(px.requiredWhen ?? {})) f.requiredWhen = { field, values };
  if (px.writableBy) f.writableBy = px.writableBy;
  if (px.copy) {
    const [refField, target] = px.copy.split('.');
    f.copy = { ref: refField, field: target };
  }
  if (px.toggle)
    f.toggle = typeof px.toggle === 'string' ? { path: px.toggle, on: 1 } : { ...px.toggle, on: px.toggle.on ?? 1 };
  return f;
}

export function normalize(s: RawSchema, all: Record<string, RawSchema>): EntityMeta {
  const x = s['x-admin'];
  const filters = filtersOf(x);
  const defaultSort = defaultSortOf(x);
  const sortable = x.sortable ?? ['id'];
  const fields = Object.entries(s.properties).map(([n, p]) => field(s, n, p, all));
  const meta: EntityMeta = {
    name: x.resource,
    path: x.path ?? `/${x.resource}`,
    table: x.table,
    label: x.label,
    labelOne: x.labelOne,
    icon: x.icon ?? 'List',
    primaryKey: 'id',
    fields,
    list:
      x.list ??
      fields
        .filter((f) => !f.writeOnly && f.type !== 'json' && f.auto !== 'version')
        .slice(0, 8)
        .map((f) => f.name),
    display: displayOf(s),
    filters,
    sortable,
    defaultSort,
    batch: batchOf(x).map((b) => b.param),
    tenant: x.tenant ?? null,
    crud: { ...(x.internal ? CRUD_NONE : CRUD_ALL), ...x.crud },
    aliases: x.aliases ?? [],
    internal: !!x.internal,
    // A form the server would refuse is not made: no create screen without create, no edit screen without update.
    screens:
      x.screens ??
      (['list', 'create', 'edit', 'show'] as const).filter(
        (v) => (v !== 'create' || x.crud?.create !== false) && (v !== 'edit' || x.crud?.update !== false),
      ),
  };
  const renamed = batchOf(x).filter((b) => b.param !== b.field);
  if (renamed.length) meta.batchFields = Object.fromEntries(renamed.map((b) => [b.param, b.field]));
  if (x.menu) meta.menu = x.menu;
  if (x.links?.length) meta.links = x.links;
  if (x.parent) meta.parent = x.parent;
  if (x.filters?.keyword) meta.keyword = { fields: x.filters.keyword, param: x.keywordParam ?? 'keyword' };
  if (x.tabs) meta.tabs = x.tabs;
  if (x.createMany) meta.createMany = true;
  if (x.plainList) meta.plainList = true;
  if (x.confirm?.length) meta.confirm = x.confirm;
  if (x.import) meta.import = true;
  if (x.export === false) meta.export = false;
  if (x.indexes?.length) meta.indexes = x.indexes;
  if (x.pick) meta.pick = x.pick;
  if (x.tenantFrom) meta.tenantFrom = x.tenantFrom;
  if (x.singleton !== undefined) meta.singleton = x.singleton;
  if (x.children)
    meta.children = Object.entries(x.children).map(([key, c]) => {
      const [field, v] = Object.entries(c.when ?? {})[0] ?? [];
      return {
        key,
        resource: c.resource,
        ...(c.keep && { keep: c.keep }),
        ...(c.ids && { ids: c.ids }),
        ...(c.maxItems !== undefined && { maxItems: c.maxItems }),
        ...(field && { when: { field, values: Array.isArray(v) ? v : [v!] } }),
      };
    });
  return meta;
}
