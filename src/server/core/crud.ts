/**
 * THE generic CRUD layer, driven only by generated/entities.ts and generated/validators.js. Domain code imports
 * its helpers from here to add routes beside the generic ones.
 */
import { entities } from '../../../generated/entities.js';
import type { ApiRoutes } from './routes.js';
import { registerCrudRoutes } from './crud/routes.js';
import type { CrudContext } from './crud/reads.js';

export { registerCrudRoutes, crudActions, idOf, originOf, fieldByIdAction, type Action } from './crud/routes.js';
export {
  listPage,
  listAll,
  findRecord,
  getRecord,
  selectRecords,
  countRecords,
  countBy,
  MAX_PAGE_SIZE,
  type CrudContext,
} from './crud/reads.js';
export {
  createRecord,
  createRecords,
  updateRecord,
  updateRecords,
  deleteRecords,
  batchUpdate,
  writeTx,
  readRecord,
  saveRow,
  updateRows,
} from './crud/writes.js';
export type { ChildLists } from './crud/children.js';
export {
  rulesOf,
  WriteRules,
  type Invariant,
  stamp,
  itemId,
  storedOf,
  savedOf,
  ItemNote,
  type EntityHooks,
  type WriteContext,
  type WriteItem,
  type WriteOp,
} from './crud/hooks.js';
export { runtime, runtimeNamed, runtimeOf, hasEntity, type EntityRuntime } from './crud/runtime.js';
export { childRowsWritten, expectedVersion, setEtag, updateVersioned, versionOf, staleWrite } from './crud/versions.js';
export { insertRows, recordColumns } from './crud/dynamic.js';
export { linkedIds, replaceRelations, type ColumnOf } from './crud/relations.js';
export { toRecord, toRecords, toRow, mask } from './crud/records.js';
export { tidyText, validateBody, visibleText, type ValidateMode } from './crud/validate.js';
export { listOf, validateItem, asItem } from './crud/items.js';
export {
  entityBody,
  fieldsBody,
  fileBody,
  parametersBody,
  routeCheckedBody,
  withParametersBody,
} from './crud/bodies.js';
export { sentBodyOf } from './crud/validate.js';
export { actionSchema } from './crud/action-schemas.js';
export { followRefs, shopColumn, TAKEN } from './crud/refs.js';
export { eqCond, inCond, likeOp, likePattern, type Cond } from './crud/conds.js';
export type { ListQuery } from './crud/filters.js';
export {
  envelopeSchema,
  pageSchema,
  arraySchema,
  countSchema,
  countsSchema,
  nullSchema,
  nullable,
  withProperties,
  recordSchema,
  idSchema,
  idsSchema,
  valueSchema,
  parentIdSchema,
  textSchema,
  paramsSchema,
  querySchema,
  listQuerySchema,
} from './crud/schemas.js';
export { addShopFigure, type ShopFigure } from './crud/shop-figures.js';
export { given, newRecordShop, stampTenant, tenantCond, tenantScope } from './crud/tenancy.js';

/** Generic routes for every generated entity. */
export function registerAllCrud(routes: ApiRoutes, ctx: CrudContext): void {
  for (const meta of Object.values(entities)) registerCrudRoutes(routes, ctx, meta);
}
