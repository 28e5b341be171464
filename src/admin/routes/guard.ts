/** Pages anyone may open (spec §2); every other page needs a session. */
export const PUBLIC_PATHS = ['/login', '/register', '/privacy', '/term', '/homer', '/404'] as const;

export const isPublicPath = (pathname: string) => (PUBLIC_PATHS as readonly string[]).includes(trimSlash(pathname));

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Where a visitor must go instead of `pathname`, or null to stay (spec §4): a logged-in visitor opening /login
 * goes to /, a logged-out one may only enter the public pages.
 */
export const guardRedirect = (pathname: string, loggedIn: boolean): string | null => {
  if (loggedIn) return trimSlash(pathname) === '/login' ? '/' : null;
  return isPublicPath(pathname) ? null : '/login';
};
