import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useActionQuery } from '../../kit';
import type { RoleRow } from './roleApi';
import { seedText } from '../../i18n/seedText';

/** The roles of the account in this row, as chips (GET /admin/role/{id}). */
export const RolesField = (_props: { label?: string }) => {
  const record = useRecordContext();
  const { data } = useActionQuery<RoleRow[]>(
    'admin',
    'roles',
    { id: record?.id },
    { enabled: record?.id !== undefined },
  );
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      {data?.map((role) => (
        <Chip key={role.id} label={seedText(role.name, 'role')} size="small" variant="outlined" />
      ))}
    </Stack>
  );
};
