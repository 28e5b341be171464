import type { ComponentType } from 'react';
import {
  AutocompleteInput,
  DateInput as RaDateInput,
  DateTimeInput as RaDateTimeInput,
  NumberInput as RaNumberInput,
  PasswordInput as RaPasswordInput,
  ReferenceInput as RaReferenceInput,
  SelectInput,
  TextInput as RaTextInput,
  usePermissions,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type AutocompleteInputProps,
  type InputProps,
  type SelectInputProps,
  type SortPayload,
  type Validator,
} from 'react-admin';
import type { UiFieldMeta as FieldMeta } from '../../shared/entity-meta';
import { countryChoices } from '../../../generated/countries';
import { seedText } from '../i18n/seedText';
import { CountryAutocomplete } from './countries';
import { EnumInput as RaEnumInput } from './EnumInput';
import { ImageInput as RaImageInput } from './ImageInput';
import { RichTextInput as RaRichTextInput } from './RichTextInput';
import { WallTimeInput } from './TimeInput';
import { entityMeta, fieldLabel, fieldMeta, useEntityName, withRules } from './schema';
import { useWatch } from 'react-hook-form';
import type { Permissions } from '../providers/authProvider';

/** What every schema-aware input adds to its react-admin input's props. */
export interface SchemaProps {
  source: string;
  /** The entity whose field this is when it is not the form's resource (a child row: a SKU, a price tier). */
  entity?: string;
  /** Rules a screen adds to the schema's (it cannot drop them). */
  validate?: Validator | Validator[];
  label?: InputProps['label'];
  /** The message of the schema's `pattern` rule, when the screen can say more than "Invalid format". */
  patternMessage?: string;
}

/**
 * The label of another entity's field (a child row's input, a SKU's price): its i18n key. Undefined for the form's
 * own fields: react-admin then labels them from `resources.<resource>.fields.<source>`.
 */
const useChildLabel = (entity: string | undefined, source: string) => {
  const translate = useTranslate();
  return entity ? translate(fieldLabel(entity, source), { _: source }) : undefined;
};

/**
 * Wraps an input (react-admin's, or a screen's own built on `useInput`) so that `source` alone gives it the schema's
 * label, rules and (for enums) choices. A record without an id is a create form: a required password is required
 * only there. Inside a child list, `entity` names the child entity; the input gets it as its `resource`. A field
 * only platform staff write (`writableBy`) is not drawn for anyone else.
 */
export function schemaInput<P extends object>(
  Input: ComponentType<P>,
  extra?: (f: FieldMeta | undefined) => Partial<P>,
) {
  const Wrapped = ({ entity, validate, patternMessage, ...props }: SchemaProps & Omit<P, keyof SchemaProps>) => {
    const name = useEntityName(entity);
    const record = useRecordContext();
    const f = fieldMeta(name, props.source);
    const label = useChildLabel(entity && name, props.source);
    const { permissions } = usePermissions<Permissions>();
    const rules = withRules(f, validate, { create: record?.id === undefined, patternMessage });
    // The server keeps only platform staff's values of such a field: nobody else is offered it.
    if (f?.writableBy === 'platform' && !permissions?.platform) return null;
    return (
      <Input
        {...(extra?.(f) ?? {})}
        {...(entity && name ? { resource: name, label } : {})}
        {...(props as P)}
        validate={rules}
      />
    );
  };
  Wrapped.displayName = `Schema(${Input.displayName ?? Input.name})`;
  return Wrapped;
}

export const TextInput = schemaInput(RaTextInput, (f) =>
  f?.input === 'textarea' || f?.input === 'json'
    ? { multiline: true, minRows: 3, fullWidth: true }
    : f?.input === 'email'
      ? { type: 'email' }
      : f?.input === 'url'
        ? { type: 'url' }
        : {},
);
export const NumberInput = schemaInput(RaNumberInput, (f) => (f?.input === 'money' ? { step: 0.01 } : {}));
export const PasswordInput = schemaInput(RaPasswordInput);
export const DateTimeInput = schemaInput(RaDateTimeInput);
export const DateInput = schemaInput(RaDateInput);
export const TimeInput = schemaInput(WallTimeInput);
export const ImageInput = schemaInput(RaImageInput);
export const RichTextInput = schemaInput(RaRichTextInput);

/** A select of the countries, or with `autocomplete` a type-to-find list sorted by the names in the user's language. */
const CountryChoiceInput = ({ autocomplete, ...props }: SelectInputProps & { autocomplete?: boolean }) =>
  autocomplete ? (
    <CountryAutocomplete {...(props as AutocompleteInputProps)} />
  ) : (
    <SelectInput choices={countryChoices} {...props} />
  );
export const CountryInput = schemaInput(CountryChoiceInput);

/** An enum's select (or radio group): its values from the schema unless a screen narrows them (`values`, `omit`). */
export const EnumInput = schemaInput(RaEnumInput, (f) => ({ values: f?.enum }));

export type ReferenceInputProps = SchemaProps &
  Partial<Omit<AutocompleteInputProps, keyof SchemaProps | 'filter'>> & {
    /** A plain select instead of the type-to-find autocomplete (short lists: product types). */
    select?: boolean;
    /** How many choices the reference fetches, in which order, filtered how. */
    perPage?: number;
    sort?: SortPayload;
    filter?: Record<string, unknown>;
  };

/**
 * On a shop-scoped form, a shop-scoped target offers only the records of the form's shop (the server refuses others
 * with "belongs to another shop"): a coupon's products are its shop's.
 */
function useSameShop(target: string): Record<string, unknown> | undefined {
  const form = entityMeta(useResourceContext() ?? '');
  const to = entityMeta(target);
  const own = form?.tenant && form.tenant !== form.primaryKey ? form.tenant : undefined;
  const theirs = to?.tenant && to.tenant !== to.primaryKey ? to.tenant : undefined;
  const shop = useWatch({ name: own ?? '__no_shop__' });
  return own && theirs && shop ? { [theirs]: shop } : undefined;
}

/** A reference: the target and the text of its choices from the schema's `ref`. */
export const ReferenceInput = ({
  entity,
  validate,
  label,
  patternMessage: _p,
  select,
  perPage,
  sort,
  filter,
  ...props
}: ReferenceInputProps) => {
  const name = useEntityName(entity);
  const f = fieldMeta(name, props.source);
  const childLabel = useChildLabel(entity && name, props.source);
  const ref = f?.ref;
  if (!ref) throw new Error(`ReferenceInput: ${name}.${props.source} has no ref in its schema`);
  const sameShop = useSameShop(ref.resource);
  const optionText = ref.translate
    ? (r: Record<string, string>) => seedText(r[ref.display], ref.resource)
    : ref.display;
  const title = label ?? childLabel;
  const input = {
    optionText,
    ...props,
    ...(title !== undefined && { label: title }),
    validate: withRules(f, validate),
  };
  return (
    <RaReferenceInput
      source={props.source}
      reference={ref.resource}
      {...(perPage && { perPage })}
      {...(sort && { sort })}
      {...((filter || sameShop) && { filter: { ...sameShop, ...filter } })}
    >
      {/* Not opened by a focus: a refused save focuses its first wrong input, and the list would cover the errors. */}
      {select ? <SelectInput {...(input as SelectInputProps)} /> : <AutocompleteInput openOnFocus={false} {...input} />}
    </RaReferenceInput>
  );
};
