/**
 * The generic calls every entity answers under its `path` (the server registers them in core/crud/routes.ts, the UI's
 * dataProvider makes them): upstream's conventions, written once. `{id}`, `{param}` and `{field}` are filled in.
 */
export const CRUD_PATHS = {
  list: '/list',
  listAll: '/listAll',
  get: '/{id}',
  create: '/create',
  update: '/update/{id}',
  deleteOne: '/delete/{id}',
  deleteMany: '/delete',
  deleteBatch: '/delete/batch',
  /** Upstream's batch call setting one field on many rows (`?ids=1,2&<param>=1`). */
  batch: '/update/{param}',
  countBy: '/countBy/{field}',
  export: '/export',
  import: '/import',
  /** The same export and import as background jobs (core/jobs.ts). */
  exportJob: '/export/job',
  importJob: '/import/job',
} as const;

export type CrudCall = keyof typeof CRUD_PATHS;

/** The path of a generic call on the entity at `base`: `crudPath('/brand', 'update', { id: 3 })` → `/brand/update/3`. */
export const crudPath = (base: string, call: CrudCall, params: Record<string, string | number> = {}): string =>
  base + CRUD_PATHS[call].replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

/**
 * An entity's own call on one row, declared in its schema with an `{id}` (a row switch's `x-admin.toggle.path`,
 * e.g. `/update/status/{id}`): `ownPath('/brand', '/update/show/{id}', 3)` → `/brand/update/show/3`.
 */
export const ownPath = (base: string, path: string, id: string | number): string =>
  base + path.replace('{id}', encodeURIComponent(String(id)));
