import type { AuthUser } from '../../core/auth.js';
import { inCond, runtime, selectRecords, tenantCond, type CrudContext } from '../../core/crud.js';
import type { Row } from '../../core/db.js';

/** The products among `ids` the caller may change (tenancy: a seller's own shops only). */
export async function scopedProducts(crud: CrudContext, ids: number[], user?: AuthUser): Promise<Row[]> {
  if (!ids.length) return [];
  const rt = runtime('product');
  const tenant = tenantCond(rt, user, crud.db.dialect);
  const conds = [...(tenant ? [tenant] : []), inCond('ids', 'id', ids, 'integer', crud.db.dialect)];
  return selectRecords(crud, rt, conds, '"id" ASC', ids.length);
}
