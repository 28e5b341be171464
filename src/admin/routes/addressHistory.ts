import { UNSAFE_createBrowserHistory, parsePath, type Location, type Path, type To } from 'react-router-dom';
import type { AddressMap } from './addressBar';

/** react-router's History (exported only as the return type of its factory). */
type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

const asPath = (to: To): Path => {
  const p = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: p.pathname ?? '/', search: p.search ?? '', hash: p.hash ?? '' };
};

/**
 * A browser history whose router sees react-admin's locations while the address bar, links (`href`), reloads and the
 * back button use the description's paths. Navigating to a spec path (a menu entry, an old upstream link) works too:
 * it is read as the location it stands for. The address a user typed is rewritten once to its canonical form.
 */
export function createAddressHistory(map: AddressMap): History {
  const browser = UNSAFE_createBrowserHistory({ v5Compat: true });
  const inside = (loc: Location): Location => ({ ...loc, ...(map.fromAddress(loc) ?? {}) });
  const outside = (to: To): Path => {
    const path = asPath(to);
    return map.toAddress(map.fromAddress(path) ?? path);
  };

  const typed = browser.location;
  const canonical = outside(typed);
  if (canonical.pathname !== typed.pathname || canonical.search !== typed.search)
    browser.replace(canonical, typed.state);

  return {
    get action() {
      return browser.action;
    },
    get location() {
      return inside(browser.location);
    },
    createHref: (to) => browser.createHref(outside(to)),
    createURL: (to) => browser.createURL(outside(to)),
    // Route matching encodes the router's own (react-admin) paths: no translation here.
    encodeLocation: (to) => browser.encodeLocation(to),
    push: (to, state) => browser.push(outside(to), state),
    replace: (to, state) => browser.replace(outside(to), state),
    go: (delta) => browser.go(delta),
    listen: (listener) =>
      browser.listen(({ action, location, delta }) => listener({ action, location: inside(location), delta })),
  };
}
