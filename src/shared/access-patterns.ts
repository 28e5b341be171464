/**
 * Matching API calls against role resources (upstream's ums_resource.url), shared by the server's guard and the
 * admin app's canAccess, so a button is hidden exactly when the server would refuse its call.
 */

/** Paths any logged-in user may call whatever the role's resources (own session, own VIP status). */
export const ALWAYS_ALLOWED = [
  '/admin/info',
  '/admin/logout',
  '/admin/refreshToken',
  '/admin/updatePassword',
  '/vip/plans',
  '/vip/status',
  '/vip/pay',
];

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
  ALWAYS_ALLOWED.includes(call.path) || resources.some((r) => resourceMatches(r, call));
