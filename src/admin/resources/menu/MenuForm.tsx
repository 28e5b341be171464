import { SimpleForm } from 'react-admin';
import { Box } from '@mui/material';
import { EnumInput, FormToolbar, NumberInput, TextInput } from '../../kit';
import { ParentInput } from './ParentInput';

/** Add / edit menu: parent, title, front-end name (the route it grants), icon, sort, shown or hidden. */
export const MenuForm = ({ defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) => (
  <SimpleForm defaultValues={defaultValues} toolbar={<FormToolbar />}>
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <ParentInput />
      <TextInput source="title" />
      <TextInput source="name" />
      <TextInput source="icon" />
      <NumberInput source="sort" />
      <EnumInput source="hidden" radio />
    </Box>
  </SimpleForm>
);
