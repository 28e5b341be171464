import { useState } from 'react';
import GroupIcon from '@mui/icons-material/Group';
import { useRecordContext } from 'react-admin';
import { Button } from '../../components/Button';
import { AssignRolesDialog } from './AssignRolesDialog';

/** Row action: opens the "assign roles" dialog of this account. */
export const AssignRolesButton = () => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="app.access.admin.assignRoles" onClick={(e) => (e.stopPropagation(), setOpen(true))}>
        <GroupIcon />
      </Button>
      {open && (
        <AssignRolesDialog adminId={record.id} username={String(record.username)} onClose={() => setOpen(false)} />
      )}
    </>
  );
};
