import { CouponList as GeneratedCouponList } from '../../../../generated/admin/coupon/CouponList';
import { HistoryLink } from './HistoryLink';

/** /sms/coupon: the generated list, each coupon leading to its history. */
export const CouponList = () => <GeneratedCouponList rowActions={<HistoryLink />} />;
