import { ShowButton } from 'react-admin';
import { ReturnApplyList as GeneratedList } from '../../../../generated/admin/returnApply/ReturnApplyList';
import { ReturnBulkDelete } from './ReturnBulkDelete';

/**
 * /oms/returnApply: the generated list (filters, status tabs with counts), each row opening its detail; only handled
 * applications are deleted (the server refuses the others).
 */
export const ReturnApplyList = () => (
  <GeneratedList rowActions={<ShowButton label="app.order.detail" />} bulkActions={<ReturnBulkDelete />} noRowActions />
);
