import { useQuery } from '@tanstack/react-query';
import { fetchCategoryTree, type CategoryNode } from './catalogApi';

/** The two-level category tree (GET /productCategory/list/withChildren), shared by every cascader on screen. */
export const useCategoryTree = () =>
  useQuery({ queryKey: ['productCategory', 'withChildren'], queryFn: fetchCategoryTree });

/** The top category holding `id` (itself when it is a top category). */
export const parentOf = (tree: CategoryNode[] | undefined, id: unknown): CategoryNode | undefined =>
  id === null || id === undefined || id === ''
    ? undefined
    : tree?.find((top) => top.id === Number(id) || top.children?.some((c) => c.id === Number(id)));
