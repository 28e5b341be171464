import { Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { rolesOfAdmin, rolesQueryKey } from './roleApi';
import { seedText } from '../../i18n/seedText';

/** The roles of the account in this row, as chips (GET /admin/role/{id}). */
export const RolesField = (_props: { label?: string }) => {
  const record = useRecordContext();
  const { data } = useQuery({
    queryKey: rolesQueryKey(record?.id),
    queryFn: () => rolesOfAdmin(record!.id),
    enabled: record?.id !== undefined,
  });
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      {data?.map((role) => (
        <Chip key={role.id} label={seedText(role.name, 'role')} size="small" variant="outlined" />
      ))}
    </Stack>
  );
};
