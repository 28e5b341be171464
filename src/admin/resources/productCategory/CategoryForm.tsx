import { NumberInput, SimpleForm, TextInput, required, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { EnumInput, ImageInput, lengthBetween } from '../../kit';
import { LimitedArrayInput } from '../../components/LimitedArrayInput';
import { FilterAttrInput } from './FilterAttrInput';
import { ParentCategoryInput } from './ParentCategoryInput';
import { FormRow } from '../../components/FormRow';
import { SaveOnlyToolbar } from '../../components/SaveOnlyToolbar';


/** Category create / edit: parent, name, unit, sort, statuses, icon, keywords, description, 1..3 filter attributes. */
export const CategoryForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges toolbar={<SaveOnlyToolbar />}>
      <ParentCategoryInput />
      <TextInput source="name" validate={[required(), lengthBetween(2, 140)]} fullWidth />
      <FormRow>
        <TextInput source="productUnit" validate={lengthBetween(0, 64)} />
        <NumberInput source="sort" />
        <EnumInput source="navStatus" values={[0, 1]} radio />
        <EnumInput source="showStatus" values={[0, 1]} radio />
      </FormRow>
      <ImageInput source="icon" />
      <Typography variant="subtitle2">{translate('app.catalog.category.filterAttrs')}</Typography>
      <LimitedArrayInput source="filterAttrs">
        <FilterAttrInput source="attributeId" label={false} />
      </LimitedArrayInput>
      <TextInput source="keywords" validate={lengthBetween(0, 255)} fullWidth />
      <TextInput source="description" multiline minRows={3} validate={lengthBetween(0, 2000)} fullWidth />
    </SimpleForm>
  );
};
