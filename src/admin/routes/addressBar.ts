import type { Path } from 'react-router-dom';
import type { RouteEntry, View } from './types';

/**
 * The address bar speaks the description's paths (`/pms/brand`, `/pms/addBrand`, `/pms/updateBrand?id=3`) while
 * react-admin routes on its own (`/brand`, `/brand/create`, `/brand/3`). These two pure functions translate between
 * them; `addressHistory` applies them to every navigation, link and reload.
 *
 * A resource view without a spec route of its own lives under its list's spec path: `/ums/role/create`,
 * `/ums/role/3`, `/ums/role/3/show`. Deeper react-admin segments (a tab: `/product/3/1`) travel as `?tab=1`.
 */
export interface AddressMap {
  /** react-admin location → what the address bar shows; unchanged when no spec route serves it. */
  toAddress(internal: Path): Path;
  /** Address bar → react-admin location, or null when the address is not a resource's (a custom screen, /login). */
  fromAddress(address: Path): Path | null;
}

/** Query names react-admin itself writes; any other query on a spec list/create path is an upstream link's filter. */
const RA_PARAMS = new Set(['filter', 'displayedFilters', 'sort', 'order', 'page', 'perPage', 'source', 'tab']);
/** Upstream query names that differ from our fields (mall-admin-web links such as `/pms/productAttrList?cid=3&type=1`). */
const QUERY_FIELDS: Record<string, string | null> = { cid: 'productAttributeCategoryId', cname: null };

const search = (params: URLSearchParams) => {
  const s = params.toString();
  return s ? `?${s}` : '';
};

/** An old link's own query (`?cid=3&type=1`) folded into react-admin's `filter` (lists) or `source` (create) JSON. */
function carryQuery(params: URLSearchParams, into: 'filter' | 'source'): URLSearchParams {
  const out = new URLSearchParams();
  const values: Record<string, string | number> = {};
  for (const [key, value] of params) {
    if (RA_PARAMS.has(key)) out.append(key, value);
    else {
      const field = key in QUERY_FIELDS ? QUERY_FIELDS[key] : key;
      if (field && value !== '') values[field] = /^-?\d+$/.test(value) ? Number(value) : value;
    }
  }
  if (Object.keys(values).length) {
    const merged = { ...JSON.parse(out.get(into) ?? '{}'), ...values };
    out.set(into, JSON.stringify(merged));
  }
  return out;
}

/**
 * What a react-admin path shows: `/brand` the list, `/brand/create`, `/brand/3` the edit view, `/brand/3/show`;
 * `first` is the segment after the resource and `rest` what follows it (`show`, a tab).
 */
export function internalView(pathname: string) {
  const [resource, first, ...rest] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const view: View =
    first === undefined ? 'list' : first === 'create' ? 'create' : rest[0] === 'show' ? 'show' : 'edit';
  return { resource, first, rest, view };
}

export function addressMap(routes: RouteEntry[], hasResource: (name: string) => boolean): AddressMap {
  const served = routes.filter((r) => r.resource && r.view && hasResource(r.resource));
  const byPath = new Map(served.map((r) => [r.path, r]));
  const routeOf = (resource: string, view: View) => served.find((r) => r.resource === resource && r.view === view);
  const listPaths = served.filter((r) => r.view === 'list').map((r) => [r.path, r.resource!] as const);

  const toAddress = (internal: Path): Path => {
    const { resource, first, rest, view } = internalView(internal.pathname);
    const list = resource ? routeOf(resource, 'list') : undefined;
    if (!list) return internal;
    const params = new URLSearchParams(internal.search);
    if (first === undefined) return { ...internal, pathname: list.path };
    const tab = view === 'show' ? rest.slice(1) : rest;
    if (tab.length) params.set('tab', tab.join('/'));
    const own = routeOf(resource, view);
    if (own && view !== 'create') params.set('id', first);
    const tail = view === 'create' ? '/create' : `/${encodeURIComponent(first)}${view === 'show' ? '/show' : ''}`;
    // `id` first, as upstream's links write it.
    const ordered = new URLSearchParams([...params].sort(([a], [b]) => Number(b === 'id') - Number(a === 'id')));
    return { ...internal, pathname: own ? own.path : `${list.path}${tail}`, search: search(ordered) };
  };

  const fromAddress = (address: Path): Path | null => {
    const params = new URLSearchParams(address.search);
    const tab = params.get('tab');
    params.delete('tab');
    const sub = tab ? `/${tab.split('/').map(encodeURIComponent).join('/')}` : '';
    const route = byPath.get(address.pathname);
    if (route) {
      const base = `/${route.resource}`;
      if (route.view === 'list') return { ...address, pathname: base, search: search(carryQuery(params, 'filter')) };
      if (route.view === 'create')
        return { ...address, pathname: `${base}/create${sub}`, search: search(carryQuery(params, 'source')) };
      const id = params.get('id');
      params.delete('id');
      if (!id) return { ...address, pathname: base, search: '' };
      const show = route.view === 'show' ? '/show' : '';
      return { ...address, pathname: `${base}/${encodeURIComponent(id)}${show}${sub}`, search: search(params) };
    }
    for (const [path, resource] of listPaths) {
      if (!address.pathname.startsWith(`${path}/`)) continue;
      const rest = address.pathname.slice(path.length);
      return { ...address, pathname: `/${resource}${rest}${sub}`, search: search(params) };
    }
    return null;
  };

  return { toAddress, fromAddress };
}
