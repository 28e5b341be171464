import { PasswordInput, TextInput, required } from 'react-admin';
import { Box } from '@mui/material';
import { EnumInput, ImageInput, lengthBetween } from '../../kit';

/** The account fields of both forms; on edit the password may stay empty (kept as it is). */
export const AdminInputs = ({ create }: { create?: boolean }) => (
  <Box sx={{ width: '100%', maxWidth: 560 }}>
    <TextInput source="username" validate={[required(), lengthBetween(2, 64)]} autoComplete="off" />
    <PasswordInput
      source="password"
      autoComplete="new-password"
      validate={create ? [required(), lengthBetween(6, 64)] : lengthBetween(6, 64)}
      helperText={create ? false : 'app.access.admin.keepPassword'}
    />
    <TextInput source="nickName" validate={lengthBetween(0, 200)} />
    <TextInput source="email" type="email" validate={lengthBetween(0, 100)} />
    <ImageInput source="icon" validate={lengthBetween(0, 500)} />
    <TextInput source="note" multiline minRows={3} validate={lengthBetween(0, 500)} />
    {/* A new account is created enabled (/admin/register); it can be disabled once it exists. */}
    {!create && <EnumInput source="status" values={[0, 1]} radio />}
  </Box>
);
