import { columns, filters } from '../../../../generated/admin/member/MemberList';
import { SchemaList } from '../../kit';
import { DecideBulkButtons, DecideRowButtons } from './DecideButtons';

/** /member/memberList: the generated list of a shop's customers; pending applications are approved or rejected here. */
export const MemberList = () => (
  <SchemaList filters={filters} columns={columns} rowActions={<DecideRowButtons />} bulkActions={<DecideBulkButtons />} />
);
