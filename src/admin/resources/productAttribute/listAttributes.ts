import type { GetListParams, GetListResult } from 'react-admin';
import type { Page } from '../../../shared/envelope';
import { api } from '../../providers/http';

/** react-admin's getList of attributes on upstream's `GET /productAttribute/list/{cid}?type=` (no type, no rows). */
export const listAttributes = async ({ pagination, sort, filter }: GetListParams): Promise<GetListResult> => {
  const { productAttributeCategoryId: cid, ...rest } = filter ?? {};
  if (!cid) return { data: [], total: 0 };
  const page = await api<Page<{ id: number }>>(`/productAttribute/list/${cid}`, {
    query: {
      ...rest,
      pageNum: pagination?.page,
      pageSize: pagination?.perPage,
      ...(sort?.field && { sort: sort.field, order: sort.order.toLowerCase() }),
    },
  });
  return { data: page.list, total: page.total };
};
