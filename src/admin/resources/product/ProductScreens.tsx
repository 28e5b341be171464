import { Edit, type Identifier, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { CreateScreen, useSaved, useSchemaDefaults, useStaleSave } from '../../kit';
import { productLists, toProductBody } from './productBody';
import { ProductForm } from './ProductForm';
import { ResourceCalls } from '../../components/ResourceCalls';

const loadComposite = (id: Identifier, provider: AppDataProvider) =>
  provider.action<RaRecord>('product', 'updateInfo', { id });
// Its own cache entry: the composite is not the plain record other screens read.
const composite = { meta: { composite: true } };

/** A new product: the schema's defaults and the composite's empty lists. */
export const ProductCreate = () => (
  <CreateScreen transform={toProductBody}>
    <ProductForm defaultValues={{ ...useSchemaDefaults(), ...productLists }} />
  </CreateScreen>
);

/** Edit reads and writes the whole product (GET /product/updateInfo/{id}, POST /product/update/{id}). */
export const ProductEdit = () => {
  const { onError, dialog } = useStaleSave();
  return (
    <ResourceCalls resource="product" getOne={loadComposite}>
      <Edit
        mutationMode="pessimistic"
        transform={toProductBody}
        queryOptions={composite}
        mutationOptions={{ ...useSaved('editSuccess'), ...composite, onError }}
      >
        <>
          <ProductForm />
          {dialog}
        </>
      </Edit>
    </ResourceCalls>
  );
};
