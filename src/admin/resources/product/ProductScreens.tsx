import { Create, Edit, type Identifier, type RaRecord } from 'react-admin';
import { api } from '../../providers/http';
import { useSaved } from '../../kit/useSaved';
import { productDefaults, toProductBody } from './productBody';
import { ProductForm } from './ProductForm';
import { ResourceCalls } from '../../components/ResourceCalls';

const loadComposite = (id: Identifier) => api<RaRecord>(`/product/updateInfo/${id}`);
// Its own cache entry: the composite is not the plain record other screens read.
const composite = { meta: { composite: true } };

export const ProductCreate = () => (
  <Create transform={toProductBody} mutationOptions={useSaved('submitSuccess')}>
    <ProductForm defaultValues={productDefaults} />
  </Create>
);

/** Edit reads and writes the whole product (GET /product/updateInfo/{id}, POST /product/update/{id}). */
export const ProductEdit = () => (
  <ResourceCalls resource="product" getOne={loadComposite}>
    <Edit mutationMode="pessimistic" transform={toProductBody} queryOptions={composite} mutationOptions={{ ...useSaved('editSuccess'), ...composite }}>
      <ProductForm />
    </Edit>
  </ResourceCalls>
);
