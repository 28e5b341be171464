import { columns, filters } from '../../../../generated/admin/productAttributeCategory/ProductAttributeCategoryList';
import { SchemaList } from '../../kit';
import { TypeLinks } from './TypeLinks';

/** /pms/productAttr: the generated list of product types, each row leading to its spec and param lists. */
export const TypeList = () => <SchemaList filters={filters} columns={columns} rowActions={<TypeLinks />} />;
