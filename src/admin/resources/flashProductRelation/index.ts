import type { ResourceModule } from '../../kit';
import { FlashProductList } from './FlashProductList';

/** A flash session's products; added through the product picker, edited on the generated form. */
export const flashProductRelation: ResourceModule = { list: FlashProductList };
