/**
 * JSON Schemas of the `x-admin` extension (root and per property) and of schemas/app-menus.json.
 * Registered as an ajv keyword metaSchema so ajv stays strict about everything else in a schema file.
 */
const labels = {
  type: 'object',
  required: ['en', 'zh'],
  additionalProperties: false,
  properties: { en: { type: 'string', minLength: 1 }, zh: { type: 'string', minLength: 1 } },
} as const;

const fieldName = { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' } as const;
const fieldList = { type: 'array', items: fieldName, uniqueItems: true } as const;
const filterOp = { enum: ['eq', 'in', 'range', 'ref', 'like'] } as const;
/** An action's path under its base: `""`, `/plans`, `/role/{id}` (a `{param}` is one path segment). */
const actionPath = '^(/([A-Za-z0-9_-]+|\\{[a-z][A-Za-z0-9]*\\}))*$';
const crudKeys = ['list', 'get', 'create', 'update', 'delete'] as const;

export const inputKinds = [
  'text',
  'textarea',
  'richtext',
  'password',
  'number',
  'money',
  'select',
  'radio',
  'switch',
  'reference',
  'image',
  'images',
  'datetime',
  'date',
  'time',
  'email',
  'url',
  'country',
  'secret',
  'json',
  'changes',
] as const;

export const rootXAdmin = {
  type: 'object',
  required: ['resource', 'table', 'label', 'labelOne', 'fields'],
  additionalProperties: false,
  properties: {
    resource: fieldName,
    path: { type: 'string', pattern: '^(/[A-Za-z0-9_-]+)+$' },
    table: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    menu: { type: 'string', minLength: 1 },
    group: { type: 'string', minLength: 1 },
    icon: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$' },
    label: labels,
    labelOne: labels,
    fields: { type: 'object', additionalProperties: labels },
    enums: { type: 'object', additionalProperties: { type: 'object', additionalProperties: labels } },
    list: fieldList,
    display: fieldName,
    filters: {
      type: 'object',
      properties: { keyword: { ...fieldList, minItems: 1 } },
      additionalProperties: {
        anyOf: [
          filterOp,
          {
            type: 'object',
            required: ['op'],
            additionalProperties: false,
            properties: {
              field: fieldName,
              op: filterOp,
              shown: { type: 'boolean' },
              default: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
            },
          },
        ],
      },
    },
    sortable: fieldList,
    defaultSort: { type: 'string', pattern: '^-?[a-z][A-Za-z0-9]*$' },
    batch: {
      type: 'array',
      uniqueItems: true,
      items: {
        anyOf: [
          fieldName,
          {
            type: 'object',
            required: ['param', 'field'],
            additionalProperties: false,
            properties: { param: fieldName, field: fieldName },
          },
        ],
      },
    },
    aliases: { type: 'array', items: { type: 'string', pattern: '^(GET|POST) /' }, uniqueItems: true },
    tenant: { anyOf: [fieldName, { type: 'null' }] },
    /** Role name → `write`, `read` or `none`: what the role gets of the entity, whatever its groups say. */
    access: { type: 'object', minProperties: 1, additionalProperties: { enum: ['write', 'read', 'none'] } },
    /** The entity's table before a rename: the migration renames the table, keeping its rows. */
    renamedFrom: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    /** Properties whose columns a migration drops, with their data. */
    dropped: { ...fieldList, minItems: 1 },
    crud: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(crudKeys.map((k) => [k, { type: 'boolean' }])),
    },
    internal: { type: 'boolean' },
    links: { type: 'array', items: fieldName, uniqueItems: true },
    screens: { type: 'array', items: { enum: ['list', 'create', 'edit', 'show'] }, uniqueItems: true },
    parent: fieldName,
    keywordParam: fieldName,
    tabs: fieldName,
    children: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['resource'],
        additionalProperties: false,
        properties: {
          resource: fieldName,
          keep: { enum: ['id'] },
          ids: fieldName,
          maxItems: { type: 'integer', minimum: 1 },
          when: {
            type: 'object',
            minProperties: 1,
            maxProperties: 1,
            additionalProperties: {
              anyOf: [
                { type: 'string' },
                { type: 'integer' },
                { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
              ],
            },
          },
        },
      },
    },
    createMany: { type: 'boolean' },
    plainList: { type: 'boolean' },
    confirm: { ...fieldList, minItems: 1 },
    import: { type: 'boolean' },
    export: { type: 'boolean' },
    indexes: { type: 'array', items: { ...fieldList, minItems: 2 } },
    pick: fieldName,
    tenantFrom: fieldName,
    singleton: { type: 'integer', minimum: 1 },
    states: {
      type: 'object',
      required: ['field', 'transitions'],
      additionalProperties: false,
      properties: {
        field: fieldName,
        transitions: {
          type: 'object',
          propertyNames: fieldName,
          minProperties: 1,
          additionalProperties: {
            type: 'object',
            required: ['refused'],
            additionalProperties: false,
            properties: {
              from: { type: 'array', items: fieldName, minItems: 1, uniqueItems: true },
              to: fieldName,
              refused: fieldName,
              fields: { type: 'array', items: fieldName, uniqueItems: true },
              required: { type: 'array', items: fieldName, minItems: 1, uniqueItems: true },
            },
          },
        },
      },
    },
    actions: {
      type: 'object',
      propertyNames: fieldName,
      additionalProperties: {
        type: 'object',
        required: ['method', 'path'],
        additionalProperties: false,
        properties: {
          method: { enum: ['GET', 'POST'] },
          path: { type: 'string', pattern: actionPath },
          base: { type: 'string', pattern: '^(/[A-Za-z0-9_-]+)+$' },
          anyUser: { type: 'boolean' },
          op: { enum: ['create', 'update', 'updateMany'] },
          of: fieldName,
          transition: fieldName,
          fields: { type: 'array', items: fieldName, uniqueItems: true },
          params: {
            type: 'object',
            propertyNames: fieldName,
            additionalProperties: { enum: ['id', 'ids', 'list', 'text', 'status'] },
          },
          required: { type: 'array', items: fieldName, uniqueItems: true },
          answer: { enum: ['count', 'record'] },
        },
      },
    },
  },
} as const;

export const propertyXAdmin = {
  type: 'object',
  additionalProperties: false,
  properties: {
    input: { enum: inputKinds },
    ref: {
      anyOf: [
        fieldName,
        {
          type: 'object',
          required: ['resource'],
          additionalProperties: false,
          properties: { resource: fieldName, display: fieldName, onDelete: { enum: ['cascade'] } },
        },
      ],
    },
    auto: { enum: ['createdAt', 'updatedAt', 'owner', 'ip', 'device', 'code', 'revision'] },
    counts: { type: 'array', items: fieldName, minItems: 1 },
    unique: { anyOf: [{ type: 'boolean' }, { const: 'global' }] },
    /** The property's name before a rename: the migration renames the column, keeping its data. */
    renamedFrom: fieldName,
    /** The value existing rows without one get when the property becomes required (else its default). */
    backfill: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    /** Enum values taken out → the value their rows get, moved by the migration before it narrows the enum. */
    enumMap: {
      type: 'object',
      minProperties: 1,
      additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    },
    secret: { type: 'boolean' },
    translate: { type: 'boolean' },
    toggle: {
      anyOf: [
        { type: 'string', pattern: '^/' },
        {
          type: 'object',
          additionalProperties: false,
          properties: { path: { type: 'string', pattern: '^/' }, on: { enum: [0, 1] } },
        },
      ],
    },
    byId: { type: 'string', pattern: '^/.*\\{id\\}' },
    copy: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*\\.[a-z][A-Za-z0-9]*$' },
    notBefore: fieldName,
    requiredWhen: {
      type: 'object',
      minProperties: 1,
      maxProperties: 1,
      propertyNames: fieldName,
      additionalProperties: {
        type: 'array',
        minItems: 1,
        items: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] },
      },
    },
    writableBy: { enum: ['platform'] },
    enumNames: { type: 'object', minProperties: 1, additionalProperties: fieldName },
  },
} as const;

/** What ajv accepts for the `x-admin` keyword anywhere; load.ts then checks root vs property shape precisely. */
export const xAdminKeywordMeta = { anyOf: [rootXAdmin, propertyXAdmin] };

const menuBase = {
  name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
  path: { type: 'string', pattern: '^/' },
  title: labels,
  icon: { type: 'string' },
  hidden: { type: 'boolean' },
  resource: fieldName,
  view: { enum: ['list', 'create', 'edit', 'show'] },
  sort: { type: 'integer' },
  redirect: { type: 'string', pattern: '^/' },
} as const;

export const appMenusSchema = {
  type: 'object',
  required: ['groups', 'roles'],
  additionalProperties: false,
  properties: {
    $comment: { type: 'string' },
    roles: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['groups', 'shops'],
        additionalProperties: false,
        properties: {
          groups: { type: 'array', items: menuBase.name, uniqueItems: true },
          shops: { enum: ['own', 'all'] },
        },
      },
    },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'path', 'title', 'children'],
        additionalProperties: false,
        properties: {
          ...menuBase,
          children: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'path', 'title'],
              additionalProperties: false,
              properties: menuBase,
            },
          },
        },
      },
    },
  },
} as const;
