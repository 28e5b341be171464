import type { ComponentType } from 'react';
import {
  AutocompleteInput,
  DateInput as RaDateInput,
  DateTimeInput as RaDateTimeInput,
  NumberInput as RaNumberInput,
  PasswordInput as RaPasswordInput,
  ReferenceInput as RaReferenceInput,
  TextInput as RaTextInput,
  useRecordContext,
  type AutocompleteInputProps,
  type InputProps,
  type Validator,
} from 'react-admin';
import { CountryAutocomplete } from './countries';
import { seedText } from '../i18n/seedText';
import { EnumInput as RaEnumInput } from './EnumInput';
import { ImageInput as RaImageInput } from './ImageInput';
import { RichTextInput as RaRichTextInput } from './RichTextInput';
import { fieldLabel, fieldMeta, useEntityName, withRules } from './schema';

/** What every schema-aware input adds to its react-admin input's props. */
export interface SchemaProps {
  source: string;
  /** The entity whose field this is when it is not the form's resource (a child row: a SKU, a price tier). */
  entity?: string;
  /** Rules a screen adds to the schema's (it cannot drop them). */
  validate?: Validator | Validator[];
  label?: InputProps['label'];
}

/**
 * Wraps a react-admin input so that `source` alone gives it the schema's label, rules and (for enums) choices.
 * A record without an id is a create form: a required password is required only there.
 */
function schemaAware<P extends object>(Input: ComponentType<P>, extra?: (f: ReturnType<typeof fieldMeta>) => Partial<P>) {
  const Wrapped = ({ entity, validate, ...props }: SchemaProps & Omit<P, keyof SchemaProps>) => {
    const name = useEntityName(entity);
    const record = useRecordContext();
    const f = fieldMeta(name, props.source);
    const label = props.label ?? (entity && name ? fieldLabel(name, props.source) : undefined);
    const rules = withRules(f, validate, { create: record?.id === undefined });
    return <Input {...(extra?.(f) ?? {})} {...(props as P)} {...(label !== undefined && { label })} validate={rules} />;
  };
  Wrapped.displayName = `Schema(${Input.displayName ?? Input.name})`;
  return Wrapped;
}

export const TextInput = schemaAware(RaTextInput, (f) =>
  f?.input === 'textarea' || f?.input === 'json' ? { multiline: true, minRows: 3, fullWidth: true } : f?.input === 'email' ? { type: 'email' } : f?.input === 'url' ? { type: 'url' } : {},
);
export const NumberInput = schemaAware(RaNumberInput, (f) => (f?.input === 'money' ? { step: 0.01 } : {}));
export const PasswordInput = schemaAware(RaPasswordInput);
export const DateTimeInput = schemaAware(RaDateTimeInput);
export const DateInput = schemaAware(RaDateInput);
export const ImageInput = schemaAware(RaImageInput);
export const RichTextInput = schemaAware(RaRichTextInput);
export const CountryInput = schemaAware(CountryAutocomplete);

/** An enum's select (or radio group): its values from the schema unless a screen narrows them. */
export const EnumInput = schemaAware(RaEnumInput, (f) => ({ values: f?.enum }));

/** A reference: the target and the text of its choices from the schema's `ref`. */
export const ReferenceInput = ({ entity, validate, label, ...props }: SchemaProps & Partial<AutocompleteInputProps>) => {
  const name = useEntityName(entity);
  const f = fieldMeta(name, props.source);
  const ref = f?.ref;
  if (!ref) throw new Error(`ReferenceInput: ${name}.${props.source} has no ref in its schema`);
  const optionText = ref.translate ? (r: Record<string, string>) => seedText(r[ref.display], ref.resource) : ref.display;
  const title = label ?? (entity && name ? fieldLabel(name, props.source) : undefined);
  return (
    <RaReferenceInput source={props.source} reference={ref.resource}>
      <AutocompleteInput optionText={optionText} {...props} {...(title !== undefined && { label: title })} validate={withRules(f, validate)} />
    </RaReferenceInput>
  );
};
