import { MemberList as GeneratedMemberList } from '../../../../generated/admin/member/MemberList';
import { DecideBulkButtons, DecideRowButtons } from './DecideButtons';

/** /member/memberList: the generated list of a shop's customers; pending applications are approved or rejected here. */
export const MemberList = () => (
  <GeneratedMemberList rowActions={<DecideRowButtons />} bulkActions={<DecideBulkButtons />} />
);
