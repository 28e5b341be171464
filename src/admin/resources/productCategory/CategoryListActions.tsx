import { ServerExportButton } from '../../kit';
import { CreateButton, TopToolbar } from 'react-admin';
import { useListParent } from './categoryParent';

/** Create, under the parent being listed. */
export const CategoryListActions = () => {
  const parentId = useListParent();
  return (
    <TopToolbar>
      <CreateButton
        to={{
          pathname: '/productCategory/create',
          search: `?source=${encodeURIComponent(JSON.stringify({ parentId }))}`,
        }}
      />
      <ServerExportButton />
    </TopToolbar>
  );
};
