import { maxValue, minValue, regex, useResourceContext, useTranslate, type Validator } from 'react-admin';
import type {
  ChildListMeta,
  StateTransition,
  UiEntityMeta as EntityMeta,
  UiFieldMeta as FieldMeta,
} from '../../shared/entity-meta';
import { i18nProvider } from '../i18n/i18nProvider';
import { entities } from '../../../generated/admin/entities';
import { lengthBetween } from './lengthBetween';
import { batchParam } from '../../shared/list-meta';
import { crudPath } from '../../shared/crud-paths';

/**
 * The schema-aware part of the kit: an input or field given only `source` finds its field's metadata here (by the
 * resource in context, or an `entity` prop inside a child list such as a product's SKUs) and takes its validation,
 * choices and default from it, so no screen restates what schemas/<entity>.json says.
 */
export const entityMeta = (entity: string): EntityMeta | undefined => entities[entity];

/** A child list of the entity (`x-admin.children`): its `maxItems`, its `when`. */
export const childListMeta = (entity: string | undefined, key: string): ChildListMeta | undefined =>
  entity ? entities[entity]?.children?.find((c) => c.key === key) : undefined;

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
  /** The message of the schema's `pattern` rule when a screen can say more than "Invalid format". */
  patternMessage?: string;
}

/** The field's rules as react-admin validators: required, length, bounds, pattern, with the spec's messages. */
export function fieldRules(
  f: FieldMeta | undefined,
  { create = false, patternMessage }: RuleOptions = {},
): Validator[] {
  if (!f) return [];
  const out: Validator[] = [];
  if (f.required && !f.readOnly && (!f.writeOnly || create)) out.push(requiredPrompt(f));
  if (f.type === 'string' && (f.maxLength !== undefined || f.minLength !== undefined)) {
    out.push(lengthBetween(f.minLength ?? 0, f.maxLength ?? Number.MAX_SAFE_INTEGER));
  }
  if (f.minimum !== undefined) out.push(minValue(f.minimum));
  if (f.maximum !== undefined) out.push(maxValue(f.maximum));
  if (f.pattern) out.push(regex(new RegExp(f.pattern), patternMessage ?? 'app.validation.pattern'));
  if (f.notBefore) out.push(notBefore(f));
  if (f.requiredWhen) out.push(requiredWhen(f));
  return out;
}

/** The entity each field's metadata belongs to. */
const owners = new Map(Object.values(entities).flatMap((e) => e.fields.map((f) => [f, e.name] as const)));
const ownerOf = (f: FieldMeta) => owners.get(f);

/** A field's label in the user's language (the page reloads on a language switch), from the dictionary. */
const labelOf = (f: FieldMeta, owner = ownerOf(f)) =>
  owner ? i18nProvider.translate(fieldLabel(owner, f.name), { _: f.name }) : f.name;

/** `x-admin.notBefore`: an end not before its start (as the server checks it), naming the start. */
const notBefore = (f: FieldMeta): Validator => {
  const owner = ownerOf(f);
  const start = owner && entities[owner].fields.find((x) => x.name === f.notBefore);
  return (value: unknown, values: Record<string, unknown>) => {
    const other = values?.[f.notBefore!];
    if (!value || !other || !start) return undefined;
    const at = (v: unknown) => (f.type === 'datetime' ? new Date(String(v)).getTime() : String(v));
    return at(value) < at(other)
      ? { message: 'app.validation.notBefore', args: { field: labelOf(start, owner) } }
      : undefined;
  };
};

/**
 * `x-admin.requiredWhen`: required while another field of the form has one of the values (as the server checks it);
 * its input shows the asterisk, since a screen shows such an input when it is asked for.
 */
const requiredWhen = (f: FieldMeta): Validator => {
  const { field, values } = f.requiredWhen!;
  let prompt: Validator | undefined;
  const rule: Validator = (value, all, props) =>
    values.some((v) => String(v) === String(all?.[field]))
      ? (prompt ??= requiredPrompt(f))(value, all, props)
      : undefined;
  return Object.assign(rule, { isRequired: true });
};

const CHOSEN: FieldMeta['input'][] = ['select', 'radio', 'reference', 'date', 'datetime', 'time', 'country', 'switch'];

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * "Please enter Advert URL" / "请输入广告链接", "Please choose …", "Please upload …", by the kind of input.
 * (react-admin's `required(message)` memoizes by its argument's JSON, so a message function cannot vary by field.)
 */
export const requiredPrompt = (f: FieldMeta): Validator => {
  const kind = f.input === 'image' || f.input === 'images' ? 'upload' : CHOSEN.includes(f.input) ? 'choose' : 'enter';
  const answer = { message: `app.validation.${kind}`, args: { field: labelOf(f) } };
  // `isRequired` is how react-admin's inputs know to show the asterisk.
  return Object.assign((value: unknown) => (isEmpty(value) ? answer : undefined), { isRequired: true });
};

/**
 * What a step of a state machine asks of `source` (`x-admin.states.transitions.<step>.required`: shipping needs a
 * carrier, a return's confirmation its refund), prompted by name; nothing when the step does not require it.
 */
export const stepRules = (entity: string, step: StateTransition, source: string): Validator[] =>
  step.required?.includes(lastSegment(source)) ? [requiredPrompt(fieldMeta(entity, source)!)] : [];

/** The schema's rules plus a screen's own (a screen may add a rule, never drop one). */
export const withRules = (
  f: FieldMeta | undefined,
  extra: Validator | Validator[] | undefined,
  options?: RuleOptions,
) => {
  const rules = [...fieldRules(f, options), ...(extra === undefined ? [] : Array.isArray(extra) ? extra : [extra])];
  return rules.length ? rules : undefined;
};

/**
 * The first rule a value breaks, as a validator's answer (a message key, or `{message, args}`), else undefined: for
 * the cells of a table that is not made of react-admin inputs (a product's SKUs).
 */
export const ruleError = (f: FieldMeta | undefined, value: unknown, options?: RuleOptions) => {
  for (const rule of fieldRules(f, options)) {
    const error = rule(value, {}, {});
    if (error) return error as string | { message: string; args?: Record<string, unknown> };
  }
  return undefined;
};

/** `ruleError` in the user's language: the helper text of a plain input. */
export const useRuleMessage = () => {
  const translate = useTranslate();
  return (f: FieldMeta | undefined, value: unknown, options?: RuleOptions) => {
    const error = ruleError(f, value, options);
    return error === undefined
      ? undefined
      : typeof error === 'string'
        ? translate(error, { _: error })
        : translate(error.message, error.args);
  };
};

/** Whether the field holds a number (an integer or a decimal). */
export const isNumeric = (f: FieldMeta | undefined) => f?.type === 'integer' || f?.type === 'number';

/** A plain (non react-admin) input's HTML attributes from the field's schema: bounds, step, length. */
export const inputAttrs = (
  f: FieldMeta | undefined,
): { min?: number; max?: number; step?: number | 'any'; maxLength?: number } => {
  if (!f) return {};
  if (f.type === 'string') return { ...(f.maxLength !== undefined && { maxLength: f.maxLength }) };
  if (!isNumeric(f)) return {};
  return {
    ...(f.minimum !== undefined && { min: f.minimum }),
    ...(f.maximum !== undefined && { max: f.maximum }),
    step: f.type === 'integer' ? 1 : f.input === 'money' ? 0.01 : 'any',
  };
};

/** API base path of an entity (`x-admin.path`), e.g. `/productCategory`, `/sku`: the generic routes hang off it. */
export const entityPath = (entity: string): string => {
  const meta = entities[entity];
  if (!meta) throw new Error(`No entity ${entity}`);
  return meta.path;
};

/** The list's first order, as the schema's `defaultSort` says. */
export const listSort = (entity: string) => {
  const { field, order } = entities[entity]!.defaultSort;
  return { field, order };
};

/** A record being typed into a form: any field may still be missing or empty. */
export type Draft<T> = { [K in keyof T]?: T[K] | null };

/** Defaults of the writable fields: what a create form starts with. */
export const schemaDefaults = (entity: string): Record<string, unknown> =>
  Object.fromEntries(
    (entities[entity]?.fields ?? [])
      .filter((f) => !f.readOnly && f.default !== undefined)
      .map((f) => [f.name, f.default]),
  );

/** The label key of a field of another entity than the form's (a child row's input). */
export const fieldLabel = (entity: string, source: string) => `resources.${entity}.fields.${lastSegment(source)}`;

/** `POST <path>/update/<param>`: the batch call setting a field on many rows. */
export const batchPath = (entity: string, field: string) => {
  const meta = entities[entity];
  return crudPath(meta?.path ?? `/${entity}`, 'batch', { param: (meta && batchParam(meta, field)) ?? field });
};
