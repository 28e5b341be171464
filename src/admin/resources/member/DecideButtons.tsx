import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, useListContext, useRecordContext, type Identifier } from 'react-admin';
import { APPROVED, REJECTED } from './applyStatus';
import { useDecide } from './useDecide';

const PENDING = 0;

const Pair = ({ ids, bulk }: { ids: Identifier[]; bulk?: boolean }) => {
  const { busy, decide } = useDecide();
  return (
    <>
      <Button
        label={bulk ? 'app.access.member.approveSelected' : 'app.access.member.approve'}
        disabled={busy}
        onClick={() => decide(ids, APPROVED)}
        color="success"
      >
        <CheckIcon />
      </Button>
      <Button
        label={bulk ? 'app.access.member.rejectSelected' : 'app.access.member.reject'}
        disabled={busy}
        onClick={() => decide(ids, REJECTED)}
        color="error"
      >
        <CloseIcon />
      </Button>
    </>
  );
};

/** Row actions of a pending application. */
export const DecideRowButtons = () => {
  const record = useRecordContext();
  return record && Number(record.applyStatus) === PENDING ? <Pair ids={[record.id]} /> : null;
};

/** Bulk actions: approve or reject the selected applications. */
export const DecideBulkButtons = () => <Pair ids={useListContext().selectedIds} bulk />;
