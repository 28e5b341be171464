import { NumberInput, ReferenceInput, SelectInput, SimpleForm, TextInput, required } from 'react-admin';
import { EnumInput, lengthBetween } from '../../kit';
import { FormRow } from '../../components/FormRow';
import { SaveOnlyToolbar } from '../../components/SaveOnlyToolbar';


/** Upstream stores the input list comma-joined; the form shows one value per line. */
const linesOf = (v: unknown) => (typeof v === 'string' ? v.split(',').join('\n') : '');
const listOf = (v: string) => v.split('\n').map((s) => s.trim()).join(',');

/** Attribute create / edit: every field of an upstream attribute. */
export const AttributeForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => (
  <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges toolbar={<SaveOnlyToolbar />}>
    <TextInput source="name" validate={[required(), lengthBetween(2, 140)]} fullWidth />
    <ReferenceInput source="productAttributeCategoryId" reference="productAttributeCategory" perPage={200}>
      <SelectInput optionText="name" validate={required()} sx={{ minWidth: 240 }} />
    </ReferenceInput>
    <FormRow>
      <EnumInput source="type" values={[0, 1]} radio />
      <EnumInput source="filterType" values={[0, 1]} radio />
      <EnumInput source="searchType" values={[0, 1, 2]} radio />
      <EnumInput source="relatedStatus" values={[0, 1]} radio />
      <EnumInput source="selectType" values={[0, 1, 2]} radio />
      <EnumInput source="inputType" values={[0, 1]} radio />
      <EnumInput source="handAddStatus" values={[0, 1]} radio />
    </FormRow>
    <TextInput
      source="inputList"
      multiline
      minRows={4}
      fullWidth
      format={linesOf}
      parse={listOf}
      helperText="app.catalog.attribute.inputListHint"
      validate={lengthBetween(0, 1000)}
    />
    <NumberInput source="sort" />
  </SimpleForm>
);
