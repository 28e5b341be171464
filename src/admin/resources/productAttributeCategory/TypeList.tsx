import { ProductAttributeCategoryList } from '../../../../generated/admin/productAttributeCategory/ProductAttributeCategoryList';
import { TypeLinks } from './TypeLinks';

/** /pms/productAttr: the generated list of product types, each row leading to its spec and param lists. */
export const TypeList = () => <ProductAttributeCategoryList rowActions={<TypeLinks />} />;
