import type { AuthUser } from './auth.js';

/** Paths any logged-in user may call whatever the role's resources. */
const ALWAYS_ALLOWED = ['/admin/info', '/admin/logout', '/admin/refreshToken', '/admin/updatePassword'];

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

/** `path` is the API path without the API base or query string, e.g. `/brand/list`. */
export function canAccess(user: AuthUser, path: string): boolean {
  if (user.superAdmin || ALWAYS_ALLOWED.includes(path)) return true;
  return user.resources.some((pattern) => matchesPattern(pattern, path));
}
