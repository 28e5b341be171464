/**
 * Matching API calls against role resources (upstream's ums_resource.url), shared by the server's guard and the
 * admin app's canAccess, so a button is hidden exactly when the server would refuse its call.
 */
import { ANY_USER_PATHS } from '../../generated/actions';

/** Paths any logged-in user may call whatever the role's resources (own session, own VIP status): `anyUser` actions. */
export const ALWAYS_ALLOWED = ANY_USER_PATHS;

/**
 * Whether a call's path is one of ALWAYS_ALLOWED, a `{param}` there standing for an id (`/job/{id}` is `/job/12`,
 * never `/job/listAll`: a word in its place is another call, which the caller's resources decide) or, in a route's
 * own pattern (the guard's tenancy check), for Fastify's `:id`.
 */
const anyUserPatterns = ANY_USER_PATHS.map(
  (p) => new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '(?:[0-9]+|:\\w+)')}$`),
);
export const alwaysAllowed = (path: string): boolean => anyUserPatterns.some((re) => re.test(path));

const compiled = new Map<string, RegExp>();

/**
 * Ant-style URL pattern as upstream's ums_resource.url: `**` any number of segments, `*` within one segment,
 * `?` one character. `/brand/**` also matches `/brand`.
 */
export function patternToRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    const body = pattern
      .split(/(\/\*\*|\*|\?)/)
      .map((part) => {
        if (part === '/**') return '(?:/.*)?';
        if (part === '*') return '[^/]*';
        if (part === '?') return '[^/]';
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    re = new RegExp(`^${body}$`);
    compiled.set(pattern, re);
  }
  return re;
}

export const matchesPattern = (pattern: string, path: string) => patternToRegExp(pattern).test(path);

/** One API call as the guard sees it. `path` has no API base or query string, e.g. `/brand/list`. */
export interface Call {
  method: string;
  path: string;
  /** The route changes data (see RouteDef.write). */
  write: boolean;
}

const METHOD_PREFIX = /^(GET|POST|PUT|DELETE)\s+(\S+)$/;

/**
 * A resource URL, optionally with a method prefix (ours, not upstream's): `GET /brand/**` reaches only the read
 * calls under /brand (GET routes not flagged as writes, so not `GET /brand/delete/{id}`); `POST /x/**` only POSTs.
 */
export function resourceMatches(resource: string, call: Call): boolean {
  const m = METHOD_PREFIX.exec(resource.trim());
  if (!m) return matchesPattern(resource.trim(), call.path);
  const [, method, pattern] = m;
  const methodOk = method === 'GET' ? !call.write : method === call.method;
  return methodOk && matchesPattern(pattern, call.path);
}

/** Whether granted resource patterns reach a call (the super admin's check is the caller's). */
export const resourcesAllow = (resources: readonly string[], call: Call): boolean =>
  alwaysAllowed(call.path) || resources.some((r) => resourceMatches(r, call));

/** What the tenancy rule reads of an entity (EntityMeta, the server's or the UI's copy). */
export interface TenancyOf {
  path: string;
  /** The field holding the owning shop; null: platform-wide data, the same rows for every shop. */
  tenant: string | null;
  internal?: boolean;
}

/** The entity a call or route path belongs to: the one whose API path is its longest prefix (`/home/brand/…`). */
export function entityAt<T extends TenancyOf>(entities: Iterable<T>, path: string): T | undefined {
  let found: T | undefined;
  for (const e of entities) {
    if (e.internal || (path !== e.path && !path.startsWith(`${e.path}/`))) continue;
    if (!found || e.path.length > found.path.length) found = e;
  }
  return found;
}

/**
 * Platform-wide data (an entity without a tenant field: brands, categories, flash sessions, homepage lists…) is
 * the same for every shop, so only platform staff change it, whatever a role's resources grant: a write under such
 * an entity's path is refused to a seller. The caller's own session and VIP status (ALWAYS_ALLOWED: its password,
 * its VIP payment) are its own, not the platform's.
 */
export function platformOnly(entities: Iterable<TenancyOf>, call: Call): boolean {
  if (!call.write || alwaysAllowed(call.path)) return false;
  const entity = entityAt(entities, call.path);
  return entity !== undefined && !entity.tenant;
}
