import type { RedirectionSideEffect } from 'react-admin';

/**
 * After a create: the list newest first (id descending, page 1, no filter), so the new record is the first row
 * whatever the list's usual order — sorted by `sort`, a new brand with sort 0 would otherwise land on a late page.
 */
export const showCreated: Extract<RedirectionSideEffect, (...args: never[]) => unknown> = (resource) => ({
  pathname: `/${resource}`,
  search: `?${new URLSearchParams({ filter: '{}', sort: 'id', order: 'DESC', page: '1' })}`,
});
