import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { VERSION_FIELD, type EntityMeta } from '../../shared/entity-meta';
import type { Page } from '../../shared/envelope';
import { api, download, upload, type Params } from './http';
import type { Job } from '../../../generated/types';
import { batchParam } from '../../shared/list-meta';
import { callAction, declaredCall } from './actions';
import { crudPath, ownPath } from '../../shared/crud-paths';

type Entities = Record<
  string,
  Pick<EntityMeta, 'path' | 'batch' | 'batchFields'> & {
    fields?: Pick<EntityMeta['fields'][number], 'name' | 'toggle'>[];
  }
>;

/** react-admin filters → upstream list params (`q` is react-admin's full-text convention, ours is `keyword`). */
const listQuery = ({ pagination, sort, filter }: Partial<GetListParams>): Params => {
  const query: Params = {};
  for (const [key, value] of Object.entries(filter ?? {})) query[key === 'q' ? 'keyword' : key] = value;
  if (pagination) Object.assign(query, { pageNum: pagination.page, pageSize: pagination.perPage });
  if (sort?.field) Object.assign(query, { sort: sort.field, order: sort.order.toLowerCase() });
  return query;
};

/** A page, or a plain list (upstream answers some `/list` calls, e.g. `/memberLevel/list`, with an array). */
const pageResult = (answer: Page<RaRecord> | RaRecord[]) =>
  Array.isArray(answer) ? { data: answer, total: answer.length } : fromPage(answer);

const fromPage = (page: Page<RaRecord>) => ({
  data: page.list,
  total: page.total,
  meta: { totalExact: page.totalExact !== false },
  // With an inexact total, react-admin must not trust `total` to stop paging.
  ...(page.totalExact === false && {
    pageInfo: {
      hasNextPage: page.pageNum < page.totalPage || page.list.length === page.pageSize,
      hasPreviousPage: page.pageNum > 1,
    },
  }),
});

/**
 * The version the edited copy was loaded at (the form's, else the record's) as `If-Match`: the server refuses the save
 * when the record has changed since (code 409, the stored record in `data`). Nothing when neither has one.
 */
const ifMatch = (data: unknown, loaded: unknown): Record<string, string> | undefined => {
  const version = (v: unknown) =>
    v && typeof v === 'object' ? (v as Record<string, unknown>)[VERSION_FIELD] : undefined;
  const v = version(data) ?? version(loaded);
  return typeof v === 'number' || (typeof v === 'string' && v) ? { 'If-Match': `"${v}"` } : undefined;
};

/**
 * react-admin's methods, and: `action`, a call a schema declares (`x-admin.actions`, generated/actions.ts); `countBy`,
 * the rows under `filter` by each value of the entity's `tabs` field; `toggle`, a row switch's own call
 * (`x-admin.toggle` with a path), else the batch call of that one row.
 */
export type AppDataProvider = DataProvider & {
  action: typeof callAction;
  countBy(resource: string, field: string, filter: Params): Promise<Record<string, number>>;
  toggle(resource: string, id: Identifier, field: string, value: number): Promise<unknown>;
  /** What the list's `filter` selects, all of it, as the CSV file the server streams (`onBytes` counts what arrived). */
  exportCsv(
    resource: string,
    filter: Params,
    onBytes: (received: number) => void,
  ): Promise<{ blob: Blob; name: string }>;
  /** Starts the import of a CSV file as a background job (its upload's progress reported as `upload` reports it). */
  importJob(resource: string, file: File, onProgress: (fraction: number) => void, onSent: () => void): Promise<Job>;
  /** The file a finished export job wrote. */
  jobFile(id: Identifier, onBytes: (received: number) => void): Promise<{ blob: Blob; name: string }>;
};

/** The upstream-style REST mapping of every react-admin call (docs/architecture.md "HTTP API"). */
export const createDataProvider = (entities: Entities): AppDataProvider => {
  const base = (resource: string) => entities[resource]?.path ?? `/${resource}`;
  const listIds = async (resource: string, ids: Identifier[]) =>
    pageResult(
      await api<Page<RaRecord> | RaRecord[]>(crudPath(base(resource), 'list'), {
        query: { ids, pageNum: 1, pageSize: ids.length },
      }),
    ).data;
  const updateOne = async (resource: string, id: Identifier, data: unknown, loaded?: unknown) =>
    api<RaRecord>(crudPath(base(resource), 'update', { id }), {
      method: 'POST',
      json: data,
      headers: ifMatch(data, loaded),
    });

  const provider: AppDataProvider = {
    getList: async (resource, params) =>
      pageResult(
        await api<Page<RaRecord> | RaRecord[]>(crudPath(base(resource), 'list'), { query: listQuery(params) }),
      ) as never,
    getOne: async (resource, { id }) =>
      ({ data: await api<RaRecord>(crudPath(base(resource), 'get', { id })) }) as never,
    getMany: async (resource, { ids }) => ({ data: ids.length ? await listIds(resource, ids) : [] }) as never,
    getManyReference: async (resource, { target, id, filter, ...rest }) =>
      pageResult(
        await api<Page<RaRecord> | RaRecord[]>(crudPath(base(resource), 'list'), {
          query: listQuery({ ...rest, filter: { ...filter, [target]: id } }),
        }),
      ) as never,
    create: async (resource, { data }) =>
      ({ data: await api<RaRecord>(crudPath(base(resource), 'create'), { method: 'POST', json: data }) }) as never,
    update: async (resource, { id, data, previousData }) => {
      const saved = await updateOne(resource, id, data, previousData);
      // Servers answering a row count instead of the record still give react-admin a record.
      return { data: typeof saved === 'object' && saved ? saved : { ...previousData, ...data, id } } as never;
    },
    updateMany: async (resource, { ids, data }) => {
      const keys = Object.keys(data ?? {});
      const meta = entities[resource];
      // One field the schema declares batch-settable: upstream's batch call, under the param name it uses.
      const param = keys.length === 1 && meta ? batchParam(meta, keys[0]) : undefined;
      if (param) {
        await api(crudPath(base(resource), 'batch', { param }), {
          method: 'POST',
          query: { ids, [param]: data[keys[0]] },
        });
      } else {
        await Promise.all(ids.map((id) => updateOne(resource, id, data)));
      }
      return { data: ids };
    },
    delete: async (resource, { id, previousData }) => {
      await api(crudPath(base(resource), 'deleteOne', { id }), { method: 'POST' });
      return { data: previousData ?? { id } } as never;
    },
    deleteMany: async (resource, { ids }) => {
      await api(crudPath(base(resource), 'deleteMany'), { method: 'POST', query: { ids } });
      return { data: ids };
    },
    action: callAction,
    countBy: (resource, field, filter) =>
      api<Record<string, number>>(crudPath(base(resource), 'countBy', { field }), { query: filter }),
    exportCsv: (resource, filter, onBytes) => download(crudPath(base(resource), 'export'), filter, onBytes),
    importJob: (resource, file, onProgress, onSent) =>
      upload<Job>(declaredCall(resource, 'importJob')!.path, file, onProgress, onSent),
    jobFile: (id, onBytes) => download(declaredCall('job', 'download', id)!.path, {}, onBytes),
    toggle: async (resource, id, field, value) => {
      const own = entities[resource]?.fields?.find((f) => f.name === field)?.toggle?.path;
      if (!own) return provider.updateMany(resource, { ids: [id], data: { [field]: value } });
      return api(ownPath(base(resource), own, id as string | number), { method: 'POST', query: { [field]: value } });
    },
  };
  return provider;
};
