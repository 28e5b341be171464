import { describe, expect, it } from 'vitest';
import { breadcrumbItems } from '../../src/admin/layout/breadcrumbItems';
import { guardRedirect } from '../../src/admin/routes/guard';
import { allowedResources, allowedRoutes, matchRoute, resourcePath, sectionRedirects } from '../../src/admin/routes/routeTable';
import { menuGroups, routes } from '../../generated/menus';

const byName = (name: string) => routes.find((r) => r.name === name)!;
const has = (name: string) => ['brand'].includes(name);

describe('route guard', () => {
  it('sends a logged-in visitor from /login to /', () => {
    expect(guardRedirect('/login', true)).toBe('/');
    expect(guardRedirect('/pms/brand', true)).toBeNull();
    expect(guardRedirect('/homer', true)).toBeNull();
  });
  it('lets a logged-out visitor enter only the public pages', () => {
    for (const path of ['/login', '/register', '/privacy', '/term', '/homer', '/404', '/login/']) {
      expect(guardRedirect(path, false)).toBeNull();
    }
    for (const path of ['/', '/home', '/brand', '/pms/brand', '/nope']) expect(guardRedirect(path, false)).toBe('/login');
  });
});

describe('route table', () => {
  it('allows granted routes, hidden routes of granted groups, and always home', () => {
    const allowed = allowedRoutes(routes, [{ name: 'pms' }, { name: 'brand' }]).map((r) => r.name);
    expect(allowed).toContain('brand');
    expect(allowed).toContain('updateBrand');
    expect(allowed).toContain('home');
    expect(allowed).not.toContain('product');
    expect(allowedRoutes(routes, [{ name: 'brand' }]).map((r) => r.name)).not.toContain('updateBrand');
  });

  it('reaches resources of allowed routes and the ones no route names', () => {
    const allowed = allowedRoutes(routes, [{ name: 'pms' }, { name: 'brand' }]);
    expect(allowedResources(['brand', 'admin', 'lookupOnly'], routes, allowed)).toEqual(['brand', 'lookupOnly']);
  });

  it('redirects spec paths to react-admin paths', () => {
    expect(resourcePath(byName('brand'), '', has)).toBe('/brand');
    expect(resourcePath(byName('addBrand'), '', has)).toBe('/brand/create');
    expect(resourcePath(byName('updateBrand'), '?id=3', has)).toBe('/brand/3');
    expect(resourcePath({ resource: 'brand', view: 'show' }, '?id=3', has)).toBe('/brand/3/show');
    expect(resourcePath(byName('product'), '', has)).toBeNull();
    expect(resourcePath(byName('home'), '', has)).toBeNull();
  });

  it("carries an old link's query into the list filter or the create defaults", () => {
    const all = () => true;
    const filterOf = (path: string | null) => JSON.parse(new URLSearchParams(path!.split('?')[1]).get('filter')!);
    const attrs = resourcePath(byName('productAttrList'), '?cid=3&cname=Shoes&type=1', all);
    expect(attrs!.startsWith('/productAttribute?filter=')).toBe(true);
    expect(filterOf(attrs)).toEqual({ productAttributeCategoryId: 3, type: 1 });
    expect(filterOf(resourcePath(byName('productCate'), '?parentId=7', all))).toEqual({ parentId: 7 });
    const create = resourcePath(byName('addProductAttr'), '?cid=3', all)!;
    expect(JSON.parse(new URLSearchParams(create.split('?')[1]).get('source')!)).toEqual({ productAttributeCategoryId: 3 });
    expect(resourcePath(byName('updateBrand'), '?id=3', all)).toBe('/brand/3');
  });

  it('redirects sections to their allowed landing page', () => {
    const allowed = allowedRoutes(routes, [{ name: 'pms' }, { name: 'brand' }, { name: 'product' }]);
    const redirects = Object.fromEntries(sectionRedirects(allowed, menuGroups).map((r) => [r.path, r.to]));
    expect(redirects['/pms']).toBe('/pms/product');
    const onlyBrand = allowedRoutes(routes, [{ name: 'pms' }, { name: 'brand' }]);
    expect(Object.fromEntries(sectionRedirects(onlyBrand, menuGroups).map((r) => [r.path, r.to]))['/pms']).toBe('/pms/brand');
  });

  it('matches react-admin paths back to spec routes', () => {
    expect(matchRoute('/brand', routes)?.name).toBe('brand');
    expect(matchRoute('/brand/create', routes)?.name).toBe('addBrand');
    expect(matchRoute('/brand/3', routes)?.name).toBe('updateBrand');
    expect(matchRoute('/home', routes)?.name).toBe('home');
    expect(matchRoute('/nothing', routes)).toBeUndefined();
  });

  it('builds the breadcrumb with Home first and the last item unlinked', () => {
    expect(breadcrumbItems('/brand/3', routes, menuGroups)).toEqual([
      { label: 'app.nav.home', fallback: 'Home', path: '/home' },
      { label: 'menu.pms', fallback: 'Products', path: '/pms' },
      { label: 'menu.updateBrand', fallback: 'Edit brand' },
    ]);
    expect(breadcrumbItems('/home', routes, menuGroups)).toEqual([{ label: 'menu.home', fallback: 'Dashboard' }]);
  });
});
