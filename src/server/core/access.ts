import type { AuthUser } from './auth.js';

/** Paths any logged-in user may call whatever the role's resources (own session, own VIP status). */
export const ALWAYS_ALLOWED = [
  '/admin/info', '/admin/logout', '/admin/refreshToken', '/admin/updatePassword', '/vip/plans', '/vip/status', '/vip/pay',
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

export function canAccess(user: AuthUser, call: Call): boolean {
  if (user.superAdmin || ALWAYS_ALLOWED.includes(call.path)) return true;
  return user.resources.some((r) => resourceMatches(r, call));
}
