import { filters, ProductCategoryList } from '../../../../generated/admin/productCategory/ProductCategoryList';
import { pick } from '../../kit';
import { CategoryChildrenLink } from './CategoryChildrenLink';
import { CategoryListActions } from './CategoryListActions';
import { CategoryListHeader } from './CategoryListHeader';

/** /pms/productCate: the generated list, one parent's categories at a time (top level first), drill-down to children. */
export const CategoryList = () => (
  <ProductCategoryList
    filters={pick(filters, 'keyword')}
    filterDefaultValues={{ parentId: 0 }}
    actions={<CategoryListActions />}
    header={<CategoryListHeader />}
    rowActions={<CategoryChildrenLink />}
  />
);
