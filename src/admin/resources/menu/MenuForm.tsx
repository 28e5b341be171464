import { NumberInput, SimpleForm, TextInput, required } from 'react-admin';
import { Box } from '@mui/material';
import { EnumInput, lengthBetween } from '../../kit';
import { ParentInput } from './ParentInput';

/** Add / edit menu: parent, title, front-end name (the route it grants), icon, sort, shown or hidden. */
export const MenuForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => (
  <SimpleForm defaultValues={defaultValues}>
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <ParentInput />
      <TextInput source="title" validate={[required(), lengthBetween(1, 100)]} />
      <TextInput source="name" validate={[required(), lengthBetween(1, 100)]} />
      <TextInput source="icon" validate={lengthBetween(0, 200)} />
      <NumberInput source="sort" />
      <EnumInput source="hidden" values={[0, 1]} radio />
    </Box>
  </SimpleForm>
);
