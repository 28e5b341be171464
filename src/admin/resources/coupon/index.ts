import type { ResourceModule } from '../../kit';
import { lazyNamed } from '../../kit/lazyScreen';

/** Coupons (/sms/coupon); their form, with the category and product lists, is generated. */
export const coupon: ResourceModule = { list: lazyNamed(() => import('./CouponList'), 'CouponList') };
