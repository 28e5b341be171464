import type { GetListParams, GetListResult } from 'react-admin';
import type { Page } from '../../../shared/envelope';
import { callAction } from '../../providers/actions';

/** react-admin's getList of attributes on upstream's `GET /productAttribute/list/{cid}?type=` (no type, no rows). */
export const listAttributes = async ({ pagination, sort, filter }: GetListParams): Promise<GetListResult> => {
  const { productAttributeCategoryId: cid, ...rest } = filter ?? {};
  if (!cid) return { data: [], total: 0 };
  const page = await callAction<Page<{ id: number }>>('productAttribute', 'listOfType', {
    id: cid,
    query: {
      ...rest,
      pageNum: pagination?.page,
      pageSize: pagination?.perPage,
      ...(sort?.field && { sort: sort.field, order: sort.order.toLowerCase() }),
    },
  });
  return { data: page.list, total: page.total };
};
