import { useActionQuery } from '../../kit';
import type { CategoryNode } from './catalogApi';

/** The two-level category tree (GET /productCategory/list/withChildren), shared by every cascader on screen. */
export const useCategoryTree = () => useActionQuery<CategoryNode[]>('productCategory', 'withChildren');

/** The top category holding `id` (itself when it is a top category). */
export const parentOf = (tree: CategoryNode[] | undefined, id: unknown): CategoryNode | undefined =>
  id === null || id === undefined || id === ''
    ? undefined
    : tree?.find((top) => top.id === Number(id) || top.children?.some((c) => c.id === Number(id)));
