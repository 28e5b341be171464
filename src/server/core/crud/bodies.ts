import { REQUIRED } from '../../../shared/messages.js';
import openapi from '../../../../generated/openapi.json' with { type: 'json' };
import type { EntityName } from '../../../../generated/entities.js';
import { fieldErrorsOf, validationFailed } from '../envelope.js';
import { isFields, isRecord } from '../narrow.js';
import { compileParameters } from '../param-rules.js';
import type { Row } from '../db.js';
import { asItemSync } from './items.js';
import type { WriteMode } from './records.js';
import { runtime } from './runtime.js';
import { given } from './tenancy.js';
import { markValidated, validateBody } from './validate.js';
import { checkMany, validateFields } from './writes.js';
import { bodyVersion } from './versions.js';

/** What a body schema built here asks the route edge (core/edge.ts) to do with the body. */
export interface EntityBody {
  entity: EntityName;
  mode: WriteMode;
  /** A domain's body: only these fields of the entity (the rest is not read). */
  fields?: string[];
  /** Of `fields`, those that must be given. */
  required?: string[];
  /** Upstream's list bodies (`x-admin.createMany`): one record or a list of them. */
  many?: boolean;
  /**
   * A list of lines (an `updateMany` with fields): each line's parameters as this querystring schema states them,
   * `id` the one naming the line's record, beside `fields`.
   */
  lines?: { id: string; params: Schema };
}

/** One line of a list of lines, as the edge hands it: the record it names and its fields, checked. */
export interface UpdateLine {
  id: number;
  body: Row;
}

const KEY = 'x-entity-body';
/** The body's fields are parameters: merged into the query at the edge and checked by the querystring schema. */
const PARAMETERS = 'x-parameters';
const BY_ROUTE = 'x-checked-by-route';

type Schema = Record<string, unknown>;
const components = (openapi as { components: { schemas: Record<string, Schema> } }).components.schemas;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const propertiesOf = (s: Schema) => (isRecord(s.properties) ? s.properties : {});
const requiredOf = (s: Schema) => (Array.isArray(s.required) ? s.required.map(String) : []);

/**
 * The body of a write of `entity`, as codegen wrote its JSON schema (`<Entity>Create` / `<Entity>Update` in
 * generated/openapi.json), so it is also what the API document shows; the edge validates it with the same body rules
 * as the write pipeline (validate.ts) and hands the route the cleaned, coerced fields. A domain's body names the
 * `fields` it reads (their schemas and rules are the entity's, as a partial body) and which of them are `required`;
 * its other parameters (an order's id) are its querystring's, where the edge merged the body's fields.
 */
export function entityBody(
  entity: EntityName,
  mode: WriteMode,
  opts: Omit<EntityBody, 'entity' | 'mode'> = {},
): Schema {
  // A domain's fields are a partial body: the update's rules where the entity has them.
  const component =
    (opts.fields && components[`${pascal(entity)}Update`]) || components[`${pascal(entity)}${pascal(mode)}`];
  if (!component) throw new Error(`no generated ${mode} schema for ${entity}`);
  const properties = component.properties as Record<string, Schema>;
  const unknown = opts.fields?.filter((f) => !properties[f]);
  if (unknown?.length) throw new Error(`${entity} has no writable field ${unknown.join(', ')}`);
  const record = opts.fields
    ? {
        type: 'object',
        properties: Object.fromEntries(opts.fields.map((f) => [f, properties[f]])),
        ...(opts.required?.length ? { required: opts.required } : {}),
      }
    : component;
  // A line: its parameters and its fields, as one object.
  const line = opts.lines && {
    ...record,
    properties: { ...propertiesOf(opts.lines.params), ...propertiesOf(record) },
    required: [...requiredOf(opts.lines.params), ...(opts.required ?? [])],
  };
  const schema = line
    ? { type: 'array', items: line }
    : opts.many
      ? { anyOf: [record, { type: 'array', items: record }] }
      : record;
  return { ...schema, [KEY]: { entity, mode, ...opts } satisfies EntityBody };
}

/**
 * The body of a route whose input is parameters (ids, a switch's value…): upstream sends them as query, form fields
 * or JSON alike, so the edge merges the body's fields into the query, where the route's querystring schema checks
 * them. Documents which fields a body may carry.
 */
export const parametersBody = (query?: Schema): Schema => ({
  type: 'object',
  properties: (query?.properties as Schema | undefined) ?? {},
  [PARAMETERS]: true,
});

/** A body the route reads and checks itself (a file's bytes, a list it checks item by item): documented here. */
export const routeCheckedBody = (schema: Schema): Schema => ({ ...schema, [BY_ROUTE]: true });

/** The body of a route taking a file (a CSV import, an upload). */
export const fileBody = (description: string): Schema =>
  routeCheckedBody({ type: 'string', format: 'binary', description });

/** A route schema whose parameters (its querystring) may also come as the body's fields. */
export const withParametersBody = <T extends { querystring?: Schema }>(schema: T): T & { body: Schema } => ({
  ...schema,
  body: parametersBody(schema.querystring),
});

export const entityBodyOf = (schema: Schema): EntityBody | undefined => schema[KEY] as EntityBody | undefined;
/** A parameters body or one the route checks: by the querystring schema, or by the route. */
export const isCheckedElsewhere = (schema: Schema): boolean => schema[PARAMETERS] === true || schema[BY_ROUTE] === true;

/**
 * The check of an entity body, made once per route: the record's fields cleaned and coerced, or the validation
 * envelope. The answer is marked (`markValidated`), so the write pipeline does not check it again; a list is checked
 * item by item, errors naming the item (`[2].name`).
 */
export function entityBodyValidator(spec: EntityBody): (body: unknown) => unknown {
  if (spec.lines) return linesValidator(spec, spec.lines);
  const rt = runtime(spec.entity);
  const one = (body: unknown): unknown => {
    // A bad version is refused before the fields, as the write always did (stale-saves).
    if (spec.mode === 'update' && !spec.fields) bodyVersion(rt, body);
    if (!spec.fields) return markValidated(validateFields(rt, body, spec.mode), body);
    if (body !== undefined && body !== null && !isFields(body)) throw validationFailed({ body: 'must be an object' });
    return fieldsOf(spec, isFields(body) ? body : {});
  };
  if (!spec.many) return one;
  return (body) => {
    if (!Array.isArray(body)) return one(body);
    checkMany(body);
    return markValidated(
      body.map((item, i) => asItemSync(`[${i}]`, () => one(item))),
      body,
    );
  };
}

/** The `fields` of a partial body sent as `sent`, by the update's rules; a `required` one absent is refused too. */
function fieldsOf(spec: EntityBody, sent: Record<string, unknown>): Row {
  const fields = spec.fields ?? [];
  const picked = Object.fromEntries(fields.filter((f) => f in sent).map((f) => [f, sent[f]]));
  let data: Row = {};
  let errors: Record<string, string> = {};
  try {
    data = validateBody(runtime(spec.entity), picked, 'update');
  } catch (e) {
    errors = fieldErrorsOf(e) ?? rethrow(e);
  }
  // Absent, or nothing once tidied (a text of only invisible characters): named beside the fields' own refusals.
  const checked = !Object.keys(errors).length;
  for (const f of spec.required ?? []) if (!errors[f] && !given(checked ? data[f] : picked[f])) errors[f] = REQUIRED;
  if (Object.keys(errors).length) throw validationFailed(errors);
  return markValidated(data, sent);
}

const rethrow = (e: unknown): never => {
  throw e;
};

/**
 * A list of lines: each line's parameters by their rules (`lines.params`) and its fields by theirs, every line's
 * refusals in one answer (`[1].deliverySn: … is required`), so a seller fixes them all at once. One line may come
 * as an object; an empty list is the handler's to refuse, in its words.
 */
function linesValidator(spec: EntityBody, lines: NonNullable<EntityBody['lines']>): (body: unknown) => UpdateLine[] {
  const params = compileParameters(lines.params);
  if (!params) throw new Error(`${spec.entity}: the parameters of its lines are not ones the edge reads`);
  return (body) => {
    const list = body === undefined || body === null ? [] : Array.isArray(body) ? body : [body];
    if (list.length) checkMany(list);
    const errors: Record<string, string> = {};
    const refused = (i: number, e: unknown) => {
      for (const [k, v] of Object.entries(fieldErrorsOf(e) ?? rethrow(e))) errors[`[${i}].${k}`] = v;
    };
    const out = list.map((line, i): UpdateLine => {
      const sent = isFields(line) ? line : {};
      const named = params(sent);
      if (named.error) refused(i, named.error);
      let data: Row = {};
      try {
        data = fieldsOf(spec, sent);
      } catch (e) {
        refused(i, e);
      }
      const id = isFields(named.value) ? named.value[lines.id] : undefined;
      return { id: typeof id === 'number' ? id : 0, body: data };
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
    return out;
  };
}

/** A domain route's body: `fields` of `entity` (a partial body), `required` ones to be given. */
export const fieldsBody = (entity: EntityName, fields: readonly string[], required: string[] = []): Schema =>
  entityBody(entity, 'update', { fields: [...fields], required });
