import { RadioButtonGroupInput, SelectInput, useResourceContext, type SelectInputProps } from 'react-admin';
import { useEnumChoices } from './enumChoices';
import { fieldMeta } from './schema';

export type EnumInputProps = Omit<SelectInputProps, 'choices'> & {
  source: string;
  /** The values offered; default: the schema's enum of the field. */
  values?: readonly (string | number)[];
  /** Values of the enum this screen does not offer (e.g. a strategy another screen sets). */
  omit?: readonly (string | number)[];
  /** Enum field whose labels (and values) to use when `source` is a filter parameter with another name. */
  field?: string;
  /** Radio buttons instead of a select (short enums in forms). */
  radio?: boolean;
};

/** Select (or radio group) over an enum's values, labelled from the generated i18n enum keys. */
export const EnumInput = ({ values, omit, field, radio, ...props }: EnumInputProps) => {
  const resource = useResourceContext(props);
  const all = values ?? fieldMeta(resource, field ?? props.source)?.enum ?? [];
  const offered = omit ? all.filter((v) => !omit.includes(v)) : all;
  const choices = useEnumChoices(field ?? props.source, offered, props.resource);
  return radio ? (
    <RadioButtonGroupInput {...(props as object)} source={props.source} choices={choices} />
  ) : (
    <SelectInput {...props} choices={choices} />
  );
};
