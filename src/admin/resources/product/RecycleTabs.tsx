import { useListContext } from 'react-admin';
import { ProductDeleteStatus } from '../../../../generated/enums';
import { SchemaTabs } from '../../kit';

/** Products / Recycle bin: the list's tabs over deleteStatus, named as upstream names them. */
export const RecycleTabs = () => (
  <SchemaTabs
    field="deleteStatus"
    labels={{
      [ProductDeleteStatus.normal]: 'app.catalog.product.list.products',
      [ProductDeleteStatus.recycled]: 'app.catalog.product.list.recycleBin',
    }}
  />
);

export const useInRecycleBin = () =>
  Number(useListContext().filterValues.deleteStatus) === ProductDeleteStatus.recycled;
