/**
 * Calls through the dataProvider from components: reads as react-query queries keyed by their resource, writes as
 * mutations that refresh what they change (the queries of their resource and of the resources named in `also`),
 * instead of a blanket `useRefresh()` after a hand-made call.
 */
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ActionArgs, ActionBody, ActionName, ActionResource } from '../providers/actions';
import type { AppDataProvider } from '../providers/dataProvider';

/** A declared read, cached under `[resource, name, args]`: a write to the resource refetches it. */
export const useActionQuery = <T, R extends ActionResource = ActionResource, N extends ActionName<R> = ActionName<R>>(
  resource: R,
  name: N,
  args: ActionArgs<ActionBody<R, N>> = {},
  options: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'> = {},
) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<T>({
    queryKey: [resource, name, args],
    queryFn: () => dataProvider.action<T, R, N>(resource, name, args),
    ...options,
  });
};

/** A write through the dataProvider; once it succeeds, the queries of `resource` and of `also` are refetched. */
export const useWrite = <A, T = unknown>(
  resource: string,
  write: (dataProvider: AppDataProvider, args: A) => Promise<T>,
  also: string[] = [],
) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => write(dataProvider, args),
    onSuccess: () =>
      Promise.all([resource, ...also].map((r) => queryClient.invalidateQueries({ queryKey: [r] }))).then(() => {}),
  });
};

/** A declared write (`x-admin.actions`): `mutateAsync({ id, query, body })`, the body as its schema states it. */
export const useActionMutation = <
  T = unknown,
  R extends ActionResource = ActionResource,
  N extends ActionName<R> = ActionName<R>,
>(
  resource: R,
  name: N,
  also: string[] = [],
) =>
  useWrite<ActionArgs<ActionBody<R, N>>, T>(
    resource,
    (dataProvider, args) => dataProvider.action<T, R, N>(resource, name, args),
    also,
  );
