/**
 * The normalized, build-time description of an entity that codegen derives from `schemas/<entity>.json`
 * and writes to `generated/entities.ts`. The server's generic CRUD layer and the admin app read only this
 * (plus the generated validators), never the raw schema files.
 */
import type { MessageKey } from './messages';

export type Lang = 'en' | 'zh';
export type Labels = Record<Lang, string>;

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'date' | 'time' | 'json';

/** Admin input hints (x-admin.input on a property); inferred when absent: enum → select, ref → reference. */
export type InputKind =
  | 'text'
  | 'textarea'
  | 'richtext'
  | 'password'
  | 'number'
  | 'money'
  | 'select'
  | 'radio'
  | 'switch'
  | 'reference'
  | 'image'
  | 'images'
  | 'datetime'
  | 'date'
  | 'time'
  | 'email'
  | 'url'
  | 'country'
  | 'secret'
  | 'json'
  /** An audit entry's changes (JSON text `{field: [before, after]}`): shown as a table of before → after. */
  | 'changes';

export interface FieldMeta {
  /** camelCase name used in JSON and TS. */
  name: string;
  /** snake_case column in SQL. */
  column: string;
  type: FieldType;
  required: boolean;
  /** Server-managed: never taken from a write body (id, counters, create time, tenant). */
  readOnly: boolean;
  /** Never sent back (passwords); `secret` fields are sent back masked. */
  writeOnly: boolean;
  secret: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** A string's JSON Schema `pattern` (checked by the server's validator and the admin's inputs alike). */
  pattern?: string;
  enum?: (string | number)[];
  default?: unknown;
  /** Foreign key to another entity's id; `onDelete: 'cascade'` deletes this row with its target (else RESTRICT). */
  ref?: { resource: string; display: string; onDelete?: 'cascade'; translate?: boolean };
  input: InputKind;
  label: Labels;
  /** Enum value labels, keyed by String(value). */
  enumLabels?: Record<string, Labels>;
  /** No two records hold the value: in the whole table (`global`), or within each shop (`shop`, the tenant's). */
  unique?: 'global' | 'shop';
  /**
   * Set by the server: `createdAt` on insert, `updatedAt` on every write (ISO 8601 strings), `owner` = the calling
   * admin's id on insert (never changed afterwards); on insert only: `ip` the caller's address, `device` its user
   * agent, `code` a fresh random code (8 letters and digits, for invite codes); `revision` an integer the server
   * adds one to in the same UPDATE whenever one of the fields of `counts` is written (an account's sessions end when
   * its password or status changes); `version` the record's version (`VERSION_FIELD`, added by codegen to every
   * entity that is not internal): one is added to it in every UPDATE, and a save naming the version it loaded is
   * refused when the record has moved on since.
   */
  auto?: 'createdAt' | 'updatedAt' | 'owner' | 'ip' | 'device' | 'code' | 'revision' | 'version';
  /**
   * Seeded in English (role names, menu titles, demo catalog): the admin shows the value through the i18n
   * dictionary `seed.*`, the stored value when it has no entry. On a ref, the target's display field is such.
   */
  translate?: boolean;
  /** With `auto: 'revision'`: the fields whose writes count. */
  counts?: string[];
  /**
   * A 0/1 field lists switch row by row (`x-admin.toggle`): through `POST <path><toggle.path>?<field>=v` with `{id}`
   * replaced (upstream's `/role/updateStatus/{id}`), else through the entity's batch call; `on` is the value the
   * switch shows as on (a menu's `hidden` is on at 0).
   */
  toggle?: { path?: string; on: 0 | 1 };
  /**
   * Upstream's one-field call by id for this field (`/update/sort/{id}` → `POST <path>/update/sort/3?sort=5`), answered
   * by the generic layer; a `toggle.path` is answered the same way.
   */
  byId?: string;
  /** A copy of the referenced record's field kept by the server (`brandName` of `brandId`): `{ref: 'brandId', field: 'name'}`. */
  copy?: { ref: string; field: string };
  /** This date, time or date-time may not be before that field's (an end after its start). */
  notBefore?: string;
  /** Required while `field` has one of `values` (`x-admin.requiredWhen`: a promotion's price and times). */
  requiredWhen?: { field: string; values: (string | number | boolean)[] };
  /**
   * Whose values every write keeps (`x-admin.writableBy`): `platform` = platform staff only. A seller's value is
   * ignored: on create the default applies, on update the stored value stays (a product's review status).
   */
  writableBy?: 'platform';
}

/** A list of child records saved with their parent (`x-admin.children`): a coupon's products or categories. */
export interface ChildListMeta {
  /** Key of the list in the parent's body and record, e.g. `productRelationList`. */
  key: string;
  /** The child entity (its `parent` field names the parent). */
  resource: string;
  /**
   * `id`: rows keep their ids across saves (a product's SKUs): an item with an id updates that row (field by field),
   * one without is inserted, rows not sent are deleted. Else the list is replaced as a whole.
   */
  keep?: 'id';
  /**
   * A field of the child other than its parent, a ref: the list travels as the ids it refers to (`[5, 7]`, a
   * category's filter attributes) instead of rows, one row of the child per id.
   */
  ids?: string;
  /** At most this many items (a product's price tiers): more is refused, and the form offers no more rows. */
  maxItems?: number;
  /** Kept only while the parent's field has one of these values (a coupon's products when `useType` is 2). */
  when?: { field: string; values: (string | number)[] };
}

export type FilterOp = 'eq' | 'in' | 'range' | 'ref' | 'like';

export interface FilterMeta {
  /** Query parameter name (upstream's, e.g. `productCategoryId`, `showStatus`, `createTime`). */
  param: string;
  field: string;
  op: FilterOp;
  /** Always in the list's toolbar, not behind the filter button (`{"op": "eq", "shown": true}`). */
  shown?: boolean;
  /** Applied when the request leaves the param out or empty (`{"op": "eq", "default": 0}`: the recycle bin hidden). */
  default?: number | string;
}

/**
 * The version field codegen adds to every entity that is not internal (optimistic concurrency, schemas/README.md):
 * read-only, returned in every read, sent back with a save (or as `If-Match`) to refuse a save of a stale copy.
 */
export const VERSION_FIELD = 'rowVersion';

export interface EntityMeta {
  /** react-admin resource name and the key in `entities`, e.g. `brand`, `homeAdvertise`. */
  name: string;
  /** API base path, e.g. `/brand`, `/home/advertise`. */
  path: string;
  table: string;
  /** Plural label (resource name) and singular label. */
  label: Labels;
  labelOne: Labels;
  /** MUI icon name for the resource, e.g. `LocalOffer`. */
  icon: string;
  /** Menu name (ums_menu.name) whose route shows the list, if any. */
  menu?: string;
  primaryKey: 'id';
  fields: FieldMeta[];
  /** Columns of the list view, in order. */
  list: string[];
  /** Field shown when the record is referenced (recordRepresentation). */
  display: string;
  filters: FilterMeta[];
  /** The `param` query param (default `keyword`) searches these fields through a full-text index (FTS5 / pg_trgm). */
  keyword?: { fields: string[]; param: string };
  /**
   * An enum field filtered by `eq`: the list shows a tab per value with its count, from
   * `GET <path>/countBy/<tabs>` (the list's other filters applied).
   */
  tabs?: string;
  sortable: string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Batch params: POST <path>/update/<param>?ids=1,2&<param>=v sets the field of the same name… */
  batch: string[];
  /** …or, for a param named differently, this field (e.g. `recommendStatus` → `recommandStatus`). */
  batchFields?: Record<string, string>;
  /**
   * Field holding the owning shop id (tenancy), or null for platform-wide data. `'id'` means the record is itself a
   * shop: a seller sees and changes only the shops whose id is among its own.
   */
  tenant: string | null;
  /** Which generic routes exist (a domain may replace one with its own). */
  crud: { list: boolean; get: boolean; create: boolean; update: boolean; delete: boolean };
  /** Upstream aliases the generic layer also answers, e.g. `GET /brand/delete/{id}`, `GET /brand/listAll`. */
  aliases: string[];
  /** No admin screens (join tables and the like). */
  internal: boolean;
  /** Resources whose lists the list's toolbar links to (`x-admin.links`), e.g. a resource's categories. */
  links?: string[];
  /** The admin views codegen makes (`x-admin.screens`, default all four); the others are hand-written. */
  screens: ('list' | 'create' | 'edit' | 'show')[];
  /**
   * The ref field naming the record this one is saved with, as an item of a list in that record's body (a SKU or
   * price tier in its product's `skuStockList` / `productLadderList`): the server fills it; the generated `item`
   * validator checks everything else.
   */
  parent?: string;
  /** Lists of child records saved, replaced and read with the record (`x-admin.children`). */
  children?: ChildListMeta[];
  /** `GET <path>/list` without `pageNum`/`pageSize` answers a plain list (upstream's unpaged lists), else the page. */
  plainList?: boolean;
  /**
   * What the admin asks about first (`x-admin.confirm`): `"delete"` and switch fields. Every other delete and switch
   * of the generated screens is done at once with Undo offered for a few seconds (react-admin's undoable mode).
   */
  confirm?: string[];
  /** A ref field: the list offers "Choose …" to add rows by picking records of its target (`x-admin.pick`). */
  pick?: string;
  /** Composite indexes the schema names (`x-admin.indexes`), fields in order: e.g. a dashboard's covering index. */
  indexes?: string[][];
  /** `POST <path>/import` takes a CSV of records (`x-admin.import`). */
  import?: boolean;
  /** `false`: no CSV export of the list (`x-admin.export`; every list but an internal entity's has one). */
  export?: false;
  /** `POST <path>/create` also takes an array of records, stored all or none (upstream's list bodies). */
  createMany?: boolean;
  /** The ref field whose record's shop is this record's shop (a flash product follows its promotion). */
  tenantFrom?: string;
  /** The id of the entity's one record (`x-admin.singleton`: a settings record, upstream's `/orderSetting/1`). */
  singleton?: number;
}

/** The id of an entity's one record (`x-admin.singleton`); asked of an entity without one, a bug of the caller. */
export function singletonId(meta: Pick<EntityMeta, 'name' | 'singleton'> | undefined): number {
  if (meta?.singleton === undefined) throw new Error(`${meta?.name ?? 'the entity'} declares no x-admin.singleton`);
  return meta.singleton;
}

/**
 * What the admin UI's copy of the metadata (generated/admin/entities.ts) leaves out: labels, which the i18n
 * dictionaries hold in the user's language, and what only the server reads (columns, tables, indexes, aliases).
 */
export const UI_OMITTED = {
  field: ['column', 'label', 'enumLabels', 'secret', 'unique', 'byId', 'counts'],
  entity: ['table', 'label', 'labelOne', 'indexes', 'aliases', 'createMany', 'tenantFrom', 'plainList'],
} as const;

/** Flags left out where false. */
export const UI_FALSE_OMITTED = ['required', 'readOnly', 'writeOnly'] as const;

export type UiFieldMeta = Omit<FieldMeta, (typeof UI_OMITTED.field)[number] | (typeof UI_FALSE_OMITTED)[number]> &
  Partial<Pick<FieldMeta, (typeof UI_FALSE_OMITTED)[number]>>;
export type UiEntityMeta = Omit<EntityMeta, (typeof UI_OMITTED.entity)[number] | 'fields'> & { fields: UiFieldMeta[] };

/** A transition of an entity's state machine (generated/states.ts): statuses as codes. */
export interface StateTransition {
  /** The statuses it runs from. */
  readonly from: readonly number[];
  /** The status it leads to (the status stays without one). */
  readonly to?: number;
  /** The message a refusal answers when the record is in another status. */
  readonly refused: MessageKey;
  /** The fields it sets from the request (the others sent are left alone). */
  readonly fields?: readonly string[];
  /** Of those, the ones the request must give (`… is required`; the admin's inputs prompt for them). */
  readonly required?: readonly string[];
}

export interface StateMachine {
  /** The enum field the transitions read and set. */
  readonly field: string;
  readonly transitions: Readonly<Record<string, StateTransition>>;
}

/** Whether `transition` runs from `status`. */
export const allows = (transition: StateTransition, status: unknown): boolean =>
  transition.from.includes(Number(status));
