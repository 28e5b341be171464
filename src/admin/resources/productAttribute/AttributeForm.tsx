import { SimpleForm } from 'react-admin';
import { EnumInput, NumberInput, ReferenceInput, TextInput } from '../../kit';
import { FormRow } from '../../components/FormRow';
import { SaveOnlyToolbar } from '../../components/SaveOnlyToolbar';

/** Upstream stores the input list comma-joined; the form shows one value per line. */
const linesOf = (v: unknown) => (typeof v === 'string' ? v.split(',').join('\n') : '');
const listOf = (v: string) =>
  v
    .split('\n')
    .map((s) => s.trim())
    .join(',');

/** Attribute create / edit: every field of an upstream attribute; rules and choices from schemas/productAttribute.json. */
export const AttributeForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => (
  <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges toolbar={<SaveOnlyToolbar />}>
    <TextInput source="name" fullWidth />
    <ReferenceInput source="productAttributeCategoryId" select perPage={200} sx={{ minWidth: 240 }} />
    <FormRow>
      <EnumInput source="type" radio />
      <EnumInput source="filterType" radio />
      <EnumInput source="searchType" radio />
      <EnumInput source="relatedStatus" radio />
      <EnumInput source="selectType" radio />
      <EnumInput source="inputType" radio />
      <EnumInput source="handAddStatus" radio />
    </FormRow>
    <TextInput
      source="inputList"
      minRows={4}
      format={linesOf}
      parse={listOf}
      helperText="app.catalog.attribute.inputListHint"
    />
    <NumberInput source="sort" />
  </SimpleForm>
);
