import { columns, filters } from '../../../../generated/admin/productCategory/ProductCategoryList';
import { pick, SchemaList } from '../../kit';
import { CategoryChildrenLink } from './CategoryChildrenLink';
import { CategoryListActions } from './CategoryListActions';
import { CategoryListHeader } from './CategoryListHeader';

/** /pms/productCate: the generated list, one parent's categories at a time (top level first), drill-down to children. */
export const CategoryList = () => (
  <SchemaList
    filters={pick(filters, 'keyword')}
    columns={columns}
    filterDefaultValues={{ parentId: 0 }}
    actions={<CategoryListActions />}
    header={<CategoryListHeader />}
    rowActions={<CategoryChildrenLink />}
  />
);
