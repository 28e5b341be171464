/** Types of the codegen input (raw schema files) and of the parsed model every emitter receives. */
import type { EntityMeta, FilterOp, InputKind, Labels } from '../../src/shared/entity-meta';

export interface PropXAdmin {
  input?: InputKind;
  ref?: string | { resource: string; display?: string; onDelete?: 'cascade' };
  auto?: 'createdAt' | 'updatedAt' | 'owner' | 'ip' | 'device' | 'code' | 'revision' | 'version';
  /** `true`: no two records hold the value (within their shop on a shop-scoped entity); `"global"`: in any shop. */
  unique?: boolean | 'global';
  /** With `auto: "revision"`: the fields whose writes add one to it. */
  counts?: string[];
  secret?: boolean;
  /** Seeded in English: shown through the admin's `seed.*` dictionary (schemas/README.md). */
  translate?: boolean;
  /** The property's name before a rename: the migration renames the column, keeping its data. */
  renamedFrom?: string;
  /** The value a migration gives existing rows that hold none when the field becomes required (else its default). */
  backfill?: string | number | boolean;
  /** Enum values taken out → the value their rows get before the migration narrows the enum (`{"2": 1}`). */
  enumMap?: Record<string, string | number>;
  /** A 0/1 field switched row by row: the upstream call (`/updateStatus/{id}`) and the value meaning on. */
  toggle?: string | { path?: string; on?: 0 | 1 };
  /** Upstream's one-field call by id, e.g. `/update/sort/{id}`. */
  byId?: string;
  /** `<refField>.<field>`: a copy of the referenced record's field, kept by the server. */
  copy?: string;
  /** A field this one may not be before (an end after its start). */
  notBefore?: string;
  /** Required while another field has one of these values (`{"promotionType": [1]}`: a promotion's price). */
  requiredWhen?: Record<string, (string | number | boolean)[]>;
  /** Only these callers' values are written (`"platform"`: platform staff; a seller's value is ignored). */
  writableBy?: 'platform';
  /** The code's name of each enum value (`{"0": "pendingPayment"}`): generated/enums.ts holds them. */
  enumNames?: Record<string, string>;
}

export interface RawProperty {
  type?: string;
  format?: string;
  enum?: (string | number)[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  'x-admin'?: PropXAdmin;
  [keyword: string]: unknown;
}

export interface RootXAdmin {
  resource: string;
  path?: string;
  table: string;
  menu?: string;
  group?: string;
  icon?: string;
  label: Labels;
  labelOne: Labels;
  fields: Record<string, Labels>;
  enums?: Record<string, Record<string, Labels>>;
  list?: string[];
  display?: string;
  filters?: { keyword?: string[] } & Record<
    string,
    FilterOp | { field?: string; op: FilterOp; shown?: boolean; default?: number | string } | string[] | undefined
  >;
  sortable?: string[];
  defaultSort?: string;
  /** A param (= field name), or `{param, field}` when the upstream param differs from the field. */
  batch?: (string | { param: string; field: string })[];
  aliases?: string[];
  tenant?: string | null;
  crud?: Partial<EntityMeta['crud']>;
  internal?: boolean;
  /** Lists of related resources the list's toolbar links to (a resource's categories, and back). */
  links?: string[];
  /** The views codegen makes (default all); the others are hand-written (src/admin/resources). */
  screens?: ('list' | 'create' | 'edit' | 'show')[];
  /** The ref field naming the record this one is saved with, as an item of a list in that record's body. */
  parent?: string;
  /** The query param of the keyword search when upstream names it otherwise (default `keyword`). */
  keywordParam?: string;
  /** An enum field filtered by `eq`: the list shows one tab per value with its count. */
  tabs?: string;
  /** Child lists saved with the record: list key → child resource, optionally kept only for some values of a field. */
  children?: Record<
    string,
    {
      resource: string;
      keep?: 'id';
      ids?: string;
      maxItems?: number;
      when?: Record<string, string | number | (string | number)[]>;
    }
  >;
  /** `GET <path>/list` without paging answers a plain list. */
  plainList?: boolean;
  /** `"delete"` and switch fields whose change asks first instead of offering Undo. */
  confirm?: string[];
  /** A ref field whose targets the list's "Choose" button picks (needs createMany). */
  pick?: string;
  /** Composite indexes, each a list of fields in order. */
  indexes?: string[][];
  /** `POST <path>/import` takes a CSV of records. */
  import?: boolean;
  export?: boolean;
  /** `POST <path>/create` also takes an array of records. */
  createMany?: boolean;
  /** The ref field whose record's shop is this record's shop. */
  tenantFrom?: string;
  /** The id of the entity's one record (a settings record). */
  singleton?: number;
  /** The table's name before a rename (`x-admin.table` is the new one): the migration renames it, rows kept. */
  renamedFrom?: string;
  /** Properties removed from the schema whose columns (and data) a migration drops: said here, never inferred. */
  dropped?: string[];
  /** Who gets the entity beyond its group's roles (schemas/README.md, "Who gets a new entity"): role → level. */
  access?: Record<string, AccessLevel>;
  /** Domain calls of the entity, by name: `{method, path}` under `base` (default the entity's path). */
  actions?: Record<string, RawAction>;
  /** The entity's state machine: the enum field it moves and each transition's statuses (schemas/README.md). */
  states?: RawStates;
}

export interface RawStates {
  /** An enum field with `enumNames`: the status the transitions read and set. */
  field: string;
  /** By name (an action's, or a generic route's such as `delete`). */
  transitions: Record<string, RawTransition>;
}

export interface RawTransition {
  /** The statuses (enum names) it runs from; every status when left out. */
  from?: string[];
  /** The status (enum name) it leads to; the status stays when left out. */
  to?: string;
  /** The message key (src/shared/messages.ts) a refusal answers when the record is in another status. */
  refused: string;
  /** The fields the transition sets from the request; the others sent are left alone. */
  fields?: string[];
  /** Of its fields, those the request must give (a return's confirmation: the refund and the receiving address). */
  required?: string[];
}

export interface RawAction {
  method: 'GET' | 'POST';
  path: string;
  base?: string;
  /** Any logged-in account may make the call, whatever its role's resources (its own session, its VIP status). */
  anyUser?: boolean;
  /** What the call is: a create, an update of one record, or of several (schemas/README.md, "Actions"). */
  op?: 'create' | 'update' | 'updateMany';
  /** The resource whose record the call takes, when not this one (an order's message). */
  of?: string;
  /** The state machine's transition the call makes: where it runs from and leads to, and its `fields`. */
  transition?: string;
  /** The record's fields the call takes (else the transition's; none: the whole record of a create). */
  fields?: string[];
  /**
   * Parameters beside the fields, by name: an `id`, `ids` (distinct), a `list` of ids as sent (its handler names a
   * repeat or a bad one by position), a `text` or a `status` (the state machine's field's).
   */
  params?: Record<string, ActionParam>;
  /** Fields and parameters that must be given. */
  required?: string[];
  /** What the call answers: how many records it changed, or the record. */
  answer?: 'count' | 'record';
}

export type ActionParam = 'id' | 'ids' | 'list' | 'text' | 'status';

export interface RawSchema {
  $schema?: string;
  $id?: string;
  title?: string;
  type: 'object';
  required?: string[];
  properties: Record<string, RawProperty>;
  'x-admin': RootXAdmin;
}

export interface MenuDef {
  name: string;
  path: string;
  title: Labels;
  icon?: string;
  hidden?: boolean;
  resource?: string;
  view?: 'list' | 'create' | 'edit' | 'show';
  sort?: number;
  redirect?: string;
  children?: MenuDef[];
}

/** What a role may do with an entity: its API read and write (and its menu), only read, or nothing. */
export type AccessLevel = 'write' | 'read' | 'none';

/** A role besides the super admin (who gets everything): its menu groups, and whether it works in its own shops. */
export interface RoleDef {
  groups: string[];
  shops: 'own' | 'all';
}

export interface AppMenus {
  groups: MenuDef[];
  /** By role name. */
  roles: Record<string, RoleDef>;
}

/** Everything read from disk that the emitters need; emitters are pure functions of this. */
export interface Sources {
  /** file name (e.g. `brand.json`) → parsed JSON, sorted by file name. */
  schemas: Record<string, unknown>;
  menus: unknown;
  /** Current generated/migrations files (relative path → content) and snapshot, for the migration diff. */
  migrations: Record<string, string>;
  /** Hand-written migration files in migrations/ (`sqlite/0004_….sql`): numbered in the same sequence. */
  handMigrations?: string[];
  /** Accept schema changes the diff cannot express (after a hand-written migration): refresh the snapshot only. */
  acceptDrift?: boolean;
  /** Name of the migration this run appends (`NNNN_<name>.sql`); default: derived from the tables it touches. */
  migrationName?: string;
  /** Where each value of each file (schemas and app-menus.json) is written, for messages (`file:line:column`). */
  positions?: Record<string, Positions>;
  /** Project root, when known: used to check that x-admin.icon names an installed @mui/icons-material icon. */
  root?: string;
  /** Generated migrations no database has run yet (drafts.ts): written again from `base` when the schemas change. */
  drafts?: Drafts;
}

/** Generated migration files not committed and not applied to the dev database, and the snapshot before them. */
export interface Drafts {
  /** Relative to generated/migrations (`sqlite/0019_alter_pms_brand.sql`, and its postgres twin). */
  files: string[];
  /** snapshot.json as committed, before those files. */
  base: string;
}

export interface Model {
  /** Entities sorted by name; raw schemas by entity name. */
  entities: EntityMeta[];
  raw: Record<string, RawSchema>;
  menuGroups: MenuDef[];
  roles: Record<string, RoleDef>;
}

/** Where a value was written in its schema file. */
export interface Position {
  line: number;
  column: number;
}

/** Positions of a file's values by JSON path (`properties.name.default`, `x-admin.list.2`; `` is the root). */
export type Positions = Record<string, Position>;

export class CodegenError extends Error {
  constructor(readonly problems: string[]) {
    super(`codegen failed:\n  - ${problems.join('\n  - ')}`);
  }
}
