import { REQUIRED } from '../../../shared/messages.js';
import openapi from '../../../../generated/openapi.json' with { type: 'json' };
import type { EntityName } from '../../../../generated/entities.js';
import { validationFailed } from '../envelope.js';
import { isFields } from '../narrow.js';
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
}

const KEY = 'x-entity-body';
/** The body's fields are parameters: merged into the query at the edge and checked by the querystring schema. */
const PARAMETERS = 'x-parameters';
const BY_ROUTE = 'x-checked-by-route';

type Schema = Record<string, unknown>;
const components = (openapi as { components: { schemas: Record<string, Schema> } }).components.schemas;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
  const schema = opts.many ? { anyOf: [record, { type: 'array', items: record }] } : record;
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
 * An entity body as the write checks it: the record's fields cleaned and coerced, or the validation envelope. The
 * answer is marked (`markValidated`), so the write pipeline does not check it again; a list is checked item by
 * item, errors naming the item (`[2].name`).
 */
export function validateEntityBody(spec: EntityBody, body: unknown): unknown {
  const rt = runtime(spec.entity);
  if (spec.many && Array.isArray(body)) {
    checkMany(body);
    const items = body.map((item, i) => asItemSync(`[${i}]`, () => validateEntityBody({ ...spec, many: false }, item)));
    return markValidated(items, body);
  }
  // A bad version is refused before the fields, as the write always did (stale-saves).
  if (spec.mode === 'update' && !spec.fields) bodyVersion(rt, body);
  if (!spec.fields) return markValidated(validateFields(rt, body, spec.mode), body);
  if (body !== undefined && body !== null && !isFields(body)) throw validationFailed({ body: 'must be an object' });
  const sent = isFields(body) ? body : {};
  const picked = Object.fromEntries(spec.fields.filter((f) => f in sent).map((f) => [f, sent[f]]));
  const data = validateBody(rt, picked, 'update');
  // Absent, or nothing once tidied (a text of only invisible characters).
  const missing = (spec.required ?? []).filter((f) => !given(data[f]));
  if (missing.length) throw validationFailed(Object.fromEntries(missing.map((f) => [f, REQUIRED])));
  return markValidated(data, body);
}

/** A domain route's body: `fields` of `entity` (a partial body), `required` ones to be given. */
export const fieldsBody = (entity: EntityName, fields: readonly string[], required: string[] = []): Schema =>
  entityBody(entity, 'update', { fields: [...fields], required });
