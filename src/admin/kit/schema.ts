import { maxValue, minValue, regex, required, useResourceContext, type Validator } from 'react-admin';
import type { EntityMeta, FieldMeta } from '../../shared/entity-meta';
import { entities } from '../../../generated/entities';
import { lengthBetween } from './lengthBetween';
import { batchParam } from '../../shared/list-meta';

/**
 * The schema-aware part of the kit: an input or field given only `source` finds its field's metadata here (by the
 * resource in context, or an `entity` prop inside a child list such as a product's SKUs) and takes its validation,
 * choices and default from it, so no screen restates what schemas/<entity>.json says.
 */
export const entityMeta = (entity: string): EntityMeta | undefined => entities[entity];

export const fieldMeta = (entity: string | undefined, source: string): FieldMeta | undefined =>
  entity ? entities[entity]?.fields.find((f) => f.name === lastSegment(source)) : undefined;

/** `skuStockList.0.price` and `price` name the same field of the child entity. */
const lastSegment = (source: string) => source.slice(source.lastIndexOf('.') + 1);

/** The entity an input belongs to: its `entity` prop, else the form's resource. */
export const useEntityName = (entity?: string): string | undefined => useResourceContext({ resource: entity });

export const useFieldMeta = (source: string, entity?: string) => fieldMeta(useEntityName(entity), source);

export interface RuleOptions {
  /** A create form: a required write-only field (a password) is required only there. */
  create?: boolean;
}

/** The field's rules as react-admin validators: required, length, bounds, pattern, with the spec's messages. */
export function fieldRules(f: FieldMeta | undefined, { create = false }: RuleOptions = {}): Validator[] {
  if (!f) return [];
  const out: Validator[] = [];
  if (f.required && !f.readOnly && (!f.writeOnly || create)) out.push(required());
  if (f.type === 'string' && (f.maxLength !== undefined || f.minLength !== undefined)) {
    out.push(lengthBetween(f.minLength ?? 0, f.maxLength ?? Number.MAX_SAFE_INTEGER));
  }
  if (f.minimum !== undefined) out.push(minValue(f.minimum));
  if (f.maximum !== undefined) out.push(maxValue(f.maximum));
  if (f.pattern) out.push(regex(new RegExp(f.pattern), 'app.validation.pattern'));
  return out;
}

/** The schema's rules plus a screen's own (a screen may add a rule, never drop one). */
export const withRules = (f: FieldMeta | undefined, extra: Validator | Validator[] | undefined, options?: RuleOptions) => {
  const rules = [...fieldRules(f, options), ...(extra === undefined ? [] : Array.isArray(extra) ? extra : [extra])];
  return rules.length ? rules : undefined;
};

/** Defaults of the writable fields: what a create form starts with. */
export const schemaDefaults = (entity: string): Record<string, unknown> =>
  Object.fromEntries((entities[entity]?.fields ?? []).filter((f) => !f.readOnly && f.default !== undefined).map((f) => [f.name, f.default]));

/** The label key of a field of another entity than the form's (a child row's input). */
export const fieldLabel = (entity: string, source: string) => `resources.${entity}.fields.${lastSegment(source)}`;

/** `POST <path>/update/<param>`: the batch call setting a field on many rows. */
export const batchPath = (entity: string, field: string) => {
  const meta = entities[entity];
  return `${meta?.path ?? `/${entity}`}/update/${(meta && batchParam(meta, field)) ?? field}`;
};
