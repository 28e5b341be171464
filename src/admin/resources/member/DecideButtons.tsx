import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useListContext, useRecordContext, type Identifier } from 'react-admin';
import { Button } from '../../components/Button';
import { useDecide } from './useDecide';
import { MemberApplyStatus } from '../../../../generated/enums';

const Pair = ({ ids, bulk }: { ids: Identifier[]; bulk?: boolean }) => {
  const { busy, decide } = useDecide();
  return (
    <>
      <Button
        label={bulk ? 'app.access.member.approveSelected' : 'app.access.member.approve'}
        disabled={busy}
        onClick={() => void decide(ids, MemberApplyStatus.approved)}
        color="success"
      >
        <CheckIcon />
      </Button>
      <Button
        label={bulk ? 'app.access.member.rejectSelected' : 'app.access.member.reject'}
        disabled={busy}
        onClick={() => void decide(ids, MemberApplyStatus.rejected)}
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
  return record && Number(record.applyStatus) === MemberApplyStatus.pending ? <Pair ids={[record.id]} /> : null;
};

/** Bulk actions: approve or reject the selected applications. */
export const DecideBulkButtons = () => <Pair ids={useListContext().selectedIds} bulk />;
