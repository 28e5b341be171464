import { useListContext } from 'react-admin';

/** The parent whose children the category list shows (0 = top level), from the list's filter. */
export const useListParent = () => Number(useListContext().filterValues.parentId ?? 0) || 0;

/** `/productCategory?filter={"parentId":id}`: the list of one parent's children. */
export const childrenLink = (parentId: number) => ({
  pathname: '/productCategory',
  search: `?filter=${encodeURIComponent(JSON.stringify({ parentId }))}`,
});
