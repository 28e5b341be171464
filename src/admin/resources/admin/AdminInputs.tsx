import { Box } from '@mui/material';
import { EnumInput, ImageInput, PasswordInput, TextInput } from '../../kit';

/**
 * The account fields of both forms; rules, labels and the status values come from schemas/admin.json. The password
 * is required only on create (the kit's rule for a write-only field): on edit it may stay empty, kept as it is.
 */
export const AdminInputs = ({ create }: { create?: boolean }) => (
  <Box sx={{ width: '100%', maxWidth: 560 }}>
    <TextInput source="username" autoComplete="off" />
    <PasswordInput
      source="password"
      autoComplete="new-password"
      helperText={create ? false : 'app.access.admin.keepPassword'}
    />
    <TextInput source="nickName" />
    <TextInput source="email" />
    <ImageInput source="icon" />
    <TextInput source="note" />
    {/* A new account is created enabled (/admin/register); it can be disabled once it exists. */}
    {!create && <EnumInput source="status" radio />}
  </Box>
);
