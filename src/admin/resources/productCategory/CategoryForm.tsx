import { SimpleForm, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { EnumInput, ImageInput, NumberInput, TextInput } from '../../kit';
import { LimitedArrayInput } from '../../components/LimitedArrayInput';
import { FilterAttrInput } from './FilterAttrInput';
import { ParentCategoryInput } from './ParentCategoryInput';
import { FormRow } from '../../components/FormRow';
import { SaveOnlyToolbar } from '../../components/SaveOnlyToolbar';

/**
 * Category create / edit: parent, name, unit, sort, statuses, icon, keywords, description, 1..3 filter attributes.
 * Rules, labels and status values come from schemas/productCategory.json.
 */
export const CategoryForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges toolbar={<SaveOnlyToolbar />}>
      <ParentCategoryInput />
      <TextInput source="name" fullWidth />
      <FormRow>
        <TextInput source="productUnit" />
        <NumberInput source="sort" />
        <EnumInput source="navStatus" radio />
        <EnumInput source="showStatus" radio />
      </FormRow>
      <ImageInput source="icon" />
      <Typography variant="subtitle2">{translate('app.catalog.category.filterAttrs')}</Typography>
      <LimitedArrayInput list="productAttributeIdList" source="filterAttrs">
        <FilterAttrInput source="attributeId" label={false} />
      </LimitedArrayInput>
      <TextInput source="keywords" fullWidth />
      <TextInput source="description" />
    </SimpleForm>
  );
};
