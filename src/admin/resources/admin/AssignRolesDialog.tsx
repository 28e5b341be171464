import { useState } from 'react';
import {
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { useActionMutation, useActionQuery } from '../../kit';
import type { RoleRow } from './roleApi';
import { seedText } from '../../i18n/seedText';

interface Props {
  adminId: Identifier;
  username: string;
  onClose: () => void;
}

/** Check boxes of every role, pre-checked from GET /admin/role/{id}; saves with POST /admin/role/update. */
export const AssignRolesDialog = ({ adminId, username, onClose }: Props) => {
  const translate = useTranslate();
  const notify = useNotify();
  const all = useActionQuery<RoleRow[]>('role', 'listAll', {}, { gcTime: 0 });
  const held = useActionQuery<RoleRow[]>('admin', 'roles', { id: adminId }, { gcTime: 0 });
  const error = all.error ?? held.error;
  const roles: RoleRow[] | null = (held.data && all.data) ?? null;
  // The user's choice once they click; until then the account's current roles.
  const [choice, setChoice] = useState<Set<number> | null>(null);
  const checked = choice ?? new Set(held.data?.map((r) => r.id));
  const { mutateAsync: updateRoles, isPending: saving } = useActionMutation('admin', 'updateRoles');

  const toggle = (id: number) => {
    const next = new Set(checked);
    if (!next.delete(id)) next.add(id);
    setChoice(next);
  };

  const save = async () => {
    try {
      await updateRoles({ query: { adminId, roleIds: [...checked] } });
      notify('app.message.updateSuccess', { type: 'success' });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.access.admin.rolesOf', { name: username })}</DialogTitle>
      <DialogContent>
        {error ? (
          <Typography color="error">{translate(error.message, { _: error.message })}</Typography>
        ) : !roles ? (
          <CircularProgress size={24} />
        ) : roles.length === 0 ? (
          <Typography color="text.secondary">{translate('app.access.admin.noRoles')}</Typography>
        ) : (
          <FormGroup>
            {roles.map((role) => (
              <FormControlLabel
                key={role.id}
                control={<Checkbox checked={checked.has(role.id)} onChange={() => toggle(role.id)} />}
                label={seedText(role.name, 'role')}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!roles || saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
