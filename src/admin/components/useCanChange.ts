import { useCanAccess } from 'react-admin';

/**
 * Whether the caller may edit or delete records of the current resource (undefined until known): a list shows its
 * row-actions column only then. Lists wait for the answer because DatagridConfigurable records its columns once.
 */
export const useCanChange = (resource?: string): boolean | undefined => {
  const edit = useCanAccess({ action: 'edit', resource });
  const remove = useCanAccess({ action: 'delete', resource });
  if (edit.isPending || remove.isPending) return undefined;
  return edit.canAccess === true || remove.canAccess === true;
};
