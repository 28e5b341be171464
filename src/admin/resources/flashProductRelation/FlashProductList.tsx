import { FlashProductRelationList } from '../../../../generated/admin/flashProductRelation/FlashProductRelationList';
import { AddFlashProducts } from './AddFlashProducts';

/** /sms/flashProductRelation: a session's flash products (the generated list), with the product picker. */
export const FlashProductList = () => <FlashProductRelationList toolbar={<AddFlashProducts />} />;
