import type { ResourceModule } from '../../kit';
import { CouponList } from './CouponList';

/** Coupons (/sms/coupon); their form, with the category and product lists, is generated. */
export const coupon: ResourceModule = { list: CouponList };
