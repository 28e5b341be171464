import { Edit } from 'react-admin';
import { CreateScreen, useSaved, useSchemaDefaults, useStaleSave } from '../../kit';
import { ResourceCalls } from '../../components/ResourceCalls';
import { loadCategory, toCategoryBody } from './categoryBody';
import { CategoryForm } from './CategoryForm';

const withAttrs = { meta: { withFilterAttrs: true } };

/** The schema's defaults, and one filter attribute row to fill in. */
export const CategoryCreate = () => (
  <CreateScreen transform={toCategoryBody}>
    <CategoryForm create defaultValues={{ ...useSchemaDefaults(), filterAttrs: [{}] }} />
  </CreateScreen>
);

/** Edit reads the category with its filter attributes (its generic read carries them). */
export const CategoryEdit = () => {
  const { onError, dialog } = useStaleSave();
  return (
    <ResourceCalls resource="productCategory" getOne={loadCategory}>
      <Edit
        mutationMode="pessimistic"
        transform={toCategoryBody}
        queryOptions={withAttrs}
        mutationOptions={{ ...useSaved('editSuccess'), ...withAttrs, onError }}
      >
        <>
          <CategoryForm />
          {dialog}
        </>
      </Edit>
    </ResourceCalls>
  );
};
