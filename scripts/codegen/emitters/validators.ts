/**
 * generated/validators.js (+ .d.ts): ajv standalone ESM validators `<entity>_create` / `<entity>_update` for every
 * non-internal entity, and `<entity>_item` for every entity with a `parent` (saved as a list item in its parent's
 * body: the create rules without the parent field, which the server fills). Writable fields only;
 * additionalProperties false + removeAdditional strips unknown and read-only keys; optional fields accept null.
 * `x-admin` never reaches the compiled schemas.
 */
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { EntityMeta } from '../../../src/shared/entity-meta';
import type { Model, RawProperty } from '../model';
import { BANNER } from '../print';
import { countryCodes } from './countries';

/** Standard validation keywords copied from a property (everything else, incl. x-admin and metadata, is dropped). */
const KEEP = [
  'type',
  'enum',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
  'items',
  'properties',
  'required',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

/**
 * A schema's format as the validators check it. Upstream clients send "2024-01-02 10:00:00" (no zone): any ISO-like
 * date-time is taken. Upstream's date pickers send a whole date-time for a date, and a date-time on 1970-01-01 for a
 * time of day: the server keeps the date (or the time) as written.
 */
export const formatName = (format: string): string =>
  ({ 'date-time': 'iso-date-time', date: 'iso-date', time: 'iso-time' })[format] ?? format;

function clean(p: RawProperty): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of KEEP) if (p[k] !== undefined) out[k] = p[k];
  if (typeof out.format === 'string') out.format = formatName(out.format);
  return out;
}

function propertySchema(p: RawProperty, required: boolean, input: EntityMeta['fields'][number]['input']) {
  // A country input takes one of the codes its select offers.
  const s = input === 'country' ? { ...clean(p), enum: countryCodes } : clean(p);
  if (required) return s;
  // Optional fields may be cleared with null (react-admin sends null for empty inputs).
  return { ...s, nullable: true, ...(s.enum ? { enum: [...(s.enum as unknown[]), null] } : {}) };
}

export type ValidatorMode = 'create' | 'update' | 'item';

/** Modes an entity has validators for: create/update unless internal (no routes), item when it has a parent. */
export const modesOf = (e: EntityMeta): ValidatorMode[] => [
  ...(e.internal ? [] : (['create', 'update'] as const)),
  ...(e.parent ? (['item'] as const) : []),
];

export function writeSchema(e: EntityMeta, model: Model, mode: ValidatorMode) {
  const raw = model.raw[e.name];
  const writable = e.fields.filter((f) => !f.readOnly && !(mode === 'item' && f.name === e.parent));
  // A required field with a default may be left out of a create: the default fills it (the server's validateBody).
  const required = writable.filter((f) => f.required && f.default === undefined).map((f) => f.name);
  return {
    $id: `${e.name}_${mode}`,
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      writable.map((f) => [f.name, propertySchema(raw.properties[f.name], f.required, f.input)]),
    ),
    ...(mode !== 'update' && required.length ? { required } : {}),
  };
}

/**
 * Formats as plain regexes (ajv-formats would make the standalone code `require()` its module, which an ES module
 * and the browser bundle cannot do). Same intent as ajv-formats' "fast" formats.
 */
export const FORMATS: Record<string, RegExp> = {
  email:
    /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i,
  uri: /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/)?[^\s]*$/i,
  'iso-date': /^\d{4}-[01]\d-[0-3]\d(?:[t\s][0-2]\d:[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:z|[+-]\d\d(?::?\d\d)?)?)?$/i,
  'iso-time':
    /^(?:\d{4}-[01]\d-[0-3]\d[t\s])?(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:z|[+-]\d\d(?::?\d\d)?)?$/i,
  'iso-date-time':
    /^\d{4}-[01]\d-[0-3]\d(?:[t\s](?:[0-2]\d:[0-5]\d(?::[0-5]\d(?:\.\d+)?)?)(?:z|[+-]\d\d(?::?\d\d)?)?)?$/i,
};

/** ucs2length is the one runtime helper ajv `require()`s; inline it so the module has no imports. */
function inlineRuntime(code: string): string {
  const out = code.replace(
    /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g,
    '((s) => { let n = 0; for (const _ of s) n++; return n; })',
  );
  if (out.includes('require('))
    throw new Error('validators: ajv standalone code needs an unsupported runtime require()');
  return out;
}

export const ajvOptions = {
  code: { source: true, esm: true },
  allErrors: true,
  coerceTypes: true,
  removeAdditional: 'all',
  useDefaults: false,
  strict: true,
} as const;

export function emitValidators(model: Model): Record<string, string> {
  const ajv = new Ajv(ajvOptions);
  for (const [name, re] of Object.entries(FORMATS)) ajv.addFormat(name, re);
  const entities = model.entities.filter((e) => modesOf(e).length);
  const exportsMap: Record<string, string> = {};
  for (const e of entities) {
    for (const mode of modesOf(e)) {
      ajv.addSchema(writeSchema(e, model, mode));
      exportsMap[`${e.name}_${mode}`] = `${e.name}_${mode}`;
    }
  }
  const code = inlineRuntime(standaloneCode(ajv, exportsMap));
  const members = (e: EntityMeta, value: (m: ValidatorMode) => string) =>
    modesOf(e)
      .map((m) => `${m}: ${value(m)}`)
      .join(', ');
  const table = entities.map((e) => `  ${e.name}: { ${members(e, (m) => `${e.name}_${m}`)} },`).join('\n');
  const decls = entities
    .flatMap((e) => modesOf(e).map((m) => `export declare const ${e.name}_${m}: ValidateFunction;`))
    .join('\n');
  const types = entities.map((e) => `  ${e.name}: { ${members(e, () => 'ValidateFunction')} };`).join('\n');
  return {
    'validators.js': `${BANNER}// @ts-nocheck\n/* eslint-disable */\n${code}\n\nexport const validators = {\n${table}\n};\n`,
    'validators.d.ts': `${BANNER}import type { ErrorObject } from 'ajv';

export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

${decls}

/**
 * create: full body, required enforced; update: partial body; item: a list item of the parent's body (create rules
 * without the parent field). All strip unknown/read-only keys and coerce.
 */
export interface EntityValidators {
  create?: ValidateFunction;
  update?: ValidateFunction;
  item?: ValidateFunction;
}

export declare const validators: Record<string, EntityValidators> & {
${types}
};
`,
  };
}
