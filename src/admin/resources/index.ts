import type { ResourceModule } from '../kit';
import { admin } from './admin';
import { balanceRecord } from './balanceRecord';
import { coupon } from './coupon';
import { flash } from './flash';
import { flashProductRelation } from './flashProductRelation';
import { member } from './member';
import { menu } from './menu';
import { order } from './order';
import { product } from './product';
import { productAttribute } from './productAttribute';
import { productAttributeCategory } from './productAttributeCategory';
import { productCategory } from './productCategory';
import { referralLink } from './referralLink';
import { returnApply } from './returnApply';
import { role } from './role';
import { shop } from './shop';

/**
 * The hand-written views, by resource name, each winning over the generated view of the same name. A resource is
 * here only for what its schema cannot say (a drill-down, a composite form, extra row buttons); its other views
 * stay generated.
 */
export const overrides: Record<string, ResourceModule> = {
  admin,
  balanceRecord,
  coupon,
  flash,
  flashProductRelation,
  member,
  menu,
  order,
  product,
  productAttribute,
  productAttributeCategory,
  productCategory,
  referralLink,
  returnApply,
  role,
  shop,
};
