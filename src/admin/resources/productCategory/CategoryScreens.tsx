import { Create, Edit } from 'react-admin';
import { useSaved } from '../../kit/useSaved';
import { ResourceCalls } from '../../components/ResourceCalls';
import { categoryDefaults, loadCategory, toCategoryBody } from './categoryBody';
import { CategoryForm } from './CategoryForm';

const withAttrs = { meta: { withFilterAttrs: true } };

export const CategoryCreate = () => (
  <Create transform={toCategoryBody} mutationOptions={useSaved('submitSuccess')}>
    <CategoryForm defaultValues={categoryDefaults} />
  </Create>
);

/** Edit reads the category with its filter attributes (GET /productAttribute/attrInfo/{id}). */
export const CategoryEdit = () => (
  <ResourceCalls resource="productCategory" getOne={loadCategory}>
    <Edit mutationMode="pessimistic" transform={toCategoryBody} queryOptions={withAttrs} mutationOptions={{ ...useSaved('editSuccess'), ...withAttrs }}>
      <CategoryForm />
    </Edit>
  </ResourceCalls>
);
