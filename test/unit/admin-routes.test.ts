import { describe, expect, it } from 'vitest';
import { breadcrumbItems } from '../../src/admin/layout/breadcrumbItems';
import { guardRedirect } from '../../src/admin/routes/guard';
import { parsePath, type Path } from 'react-router-dom';
import { addressMap } from '../../src/admin/routes/addressBar';
import { allowedResources, allowedRoutes, matchRoute, sectionRedirects } from '../../src/admin/routes/routeTable';
import { menuGroups, routes } from '../../generated/menus';

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
    for (const path of ['/', '/home', '/brand', '/pms/brand', '/nope'])
      expect(guardRedirect(path, false)).toBe('/login');
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

  const map = addressMap(routes, (name) =>
    ['brand', 'productAttribute', 'productCategory', 'role', 'product'].includes(name),
  );
  const inside = (address: string) => {
    const p = map.fromAddress({ hash: '', search: '', ...parsePath(address) } as Path);
    return p && `${p.pathname}${p.search}`;
  };
  const outside = (internal: string) => {
    const p = map.toAddress({ hash: '', search: '', ...parsePath(internal) } as Path);
    return `${p.pathname}${p.search}`;
  };

  it('reads spec paths as react-admin paths', () => {
    expect(inside('/pms/brand')).toBe('/brand');
    expect(inside('/pms/addBrand')).toBe('/brand/create');
    expect(inside('/pms/updateBrand?id=3')).toBe('/brand/3');
    expect(inside('/pms/updateBrand')).toBe('/brand');
    expect(inside('/ums/role/3')).toBe('/role/3');
    expect(inside('/ums/role/create')).toBe('/role/create');
    expect(inside('/pms/updateProduct?id=4&tab=2')).toBe('/product/4/2');
    expect(inside('/home')).toBeNull();
    expect(inside('/oms/order')).toBeNull();
    expect(inside('/login')).toBeNull();
  });

  it('shows react-admin paths as spec paths, and back again', () => {
    const pairs: [string, string][] = [
      ['/brand', '/pms/brand'],
      ['/brand/create', '/pms/addBrand'],
      ['/brand/3', '/pms/updateBrand?id=3'],
      ['/brand/3/show', '/pms/brand/3/show'],
      ['/role', '/ums/role'],
      ['/role/create', '/ums/role/create'],
      ['/role/7', '/ums/role/7'],
      ['/product/4/2', '/pms/updateProduct?id=4&tab=2'],
      ['/product/create/1', '/pms/addProduct?tab=1'],
      [
        '/productCategory?filter=%7B%22parentId%22%3A7%7D&page=2',
        '/pms/productCate?filter=%7B%22parentId%22%3A7%7D&page=2',
      ],
    ];
    for (const [internal, address] of pairs) {
      expect(outside(internal)).toBe(address);
      expect(inside(address)).toBe(internal);
    }
    expect(outside('/home')).toBe('/home');
    expect(outside('/skuStock/3')).toBe('/skuStock/3');
  });

  it("carries an old link's query into the list filter or the create defaults", () => {
    const queryOf = (path: string | null, key: string) =>
      JSON.parse(new URLSearchParams(path!.split('?')[1]).get(key)!);
    const attrs = inside('/pms/productAttrList?cid=3&cname=Shoes&type=1');
    expect(attrs!.startsWith('/productAttribute?filter=')).toBe(true);
    expect(queryOf(attrs, 'filter')).toEqual({ productAttributeCategoryId: 3, type: 1 });
    expect(queryOf(inside('/pms/productCate?parentId=7'), 'filter')).toEqual({ parentId: 7 });
    expect(queryOf(inside('/pms/addProductAttr?cid=3'), 'source')).toEqual({ productAttributeCategoryId: 3 });
  });

  it('redirects sections to their allowed landing page', () => {
    const allowed = allowedRoutes(routes, [{ name: 'pms' }, { name: 'brand' }, { name: 'product' }]);
    const redirects = Object.fromEntries(sectionRedirects(allowed, menuGroups).map((r) => [r.path, r.to]));
    expect(redirects['/pms']).toBe('/pms/product');
    const onlyBrand = allowedRoutes(routes, [{ name: 'pms' }, { name: 'brand' }]);
    expect(Object.fromEntries(sectionRedirects(onlyBrand, menuGroups).map((r) => [r.path, r.to]))['/pms']).toBe(
      '/pms/brand',
    );
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
