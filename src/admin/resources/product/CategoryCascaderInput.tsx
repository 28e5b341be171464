import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { Box } from '@mui/material';
import { schemaInput } from '../../kit';
import { CategoryCascader } from './CategoryCascader';

/** The category cascader as a react-admin input (form or list filter) on `productCategoryId`. */
export const CategoryCascaderInput = (props: InputProps) => {
  const { field, fieldState, isRequired } = useInput(props);
  return (
    <Box sx={{ mb: props.alwaysOn ? 0 : 1 }} data-source={props.source}>
      <CategoryCascader
        value={field.value}
        onChange={(id) => field.onChange(id)}
        error={fieldState.invalid}
        label={
          <FieldTitle label={props.label} source={props.source} resource={props.resource} isRequired={isRequired} />
        }
        helperText={fieldState.error ? <InputHelperText error={fieldState.error.message} /> : undefined}
      />
    </Box>
  );
};

/** The form's category: label and rules (required) from the product schema. */
export const CategoryInput = schemaInput(CategoryCascaderInput);
