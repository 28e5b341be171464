import { ShowButton } from 'react-admin';
import { ReturnApplyList as GeneratedList } from '../../../../generated/admin/returnApply/ReturnApplyList';

/** /oms/returnApply: the generated list (filters, status tabs with counts), each row opening its detail. */
export const ReturnApplyList = () => <GeneratedList rowActions={<ShowButton label="app.order.detail" />} />;
