import { useContext, useMemo, type ReactNode } from 'react';
import {
  DataProviderContext,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';

export interface ResourceCallsProps {
  resource: string;
  /** Reads one record, e.g. upstream's composite `GET /product/updateInfo/{id}`, through the app's dataProvider. */
  getOne?: (id: Identifier, provider: AppDataProvider) => Promise<RaRecord>;
  /** Reads a list page, e.g. upstream's `GET /productAttribute/list/{cid}?type=`. */
  getList?: (params: GetListParams) => Promise<GetListResult>;
}

/**
 * Screens below reach `resource` through these upstream calls instead of the generic ones; every other call goes
 * to the app's dataProvider unchanged.
 */
export const ResourceCalls = ({
  resource,
  getOne,
  getList,
  children,
}: ResourceCallsProps & { children: ReactNode }) => {
  const base = useContext(DataProviderContext) as AppDataProvider;
  const provider = useMemo<DataProvider>(
    () => ({
      ...base,
      getOne: (res, params) =>
        (res === resource && getOne
          ? getOne(params.id, base).then((data) => ({ data }))
          : base.getOne(res, params)) as never,
      getList: (res, params) => (res === resource && getList ? getList(params) : base.getList(res, params)) as never,
    }),
    [base, resource, getOne, getList],
  );
  return <DataProviderContext.Provider value={provider}>{children}</DataProviderContext.Provider>;
};
