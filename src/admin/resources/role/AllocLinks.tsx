import { Link } from 'react-router-dom';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import KeyIcon from '@mui/icons-material/Key';
import { useRecordContext } from 'react-admin';
import { Button } from '../../components/Button';

/** Row actions leading to the spec's allocation screens of this role. */
export const AllocLinks = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <Button component={Link} to={`/ums/allocMenu?roleId=${record.id}`} label="app.access.role.allocMenu">
        <AccountTreeIcon />
      </Button>
      <Button component={Link} to={`/ums/allocResource?roleId=${record.id}`} label="app.access.role.allocResource">
        <KeyIcon />
      </Button>
    </>
  );
};
