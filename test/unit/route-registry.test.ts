import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiRoutes } from '../../src/server/core/routes';

const handler = async () => ({ code: 200 });
const registry = () => new ApiRoutes(Fastify());

describe('route registry', () => {
  it('lets a domain route replace the generic one only when it says so', () => {
    const routes = registry();
    routes.add({ method: 'POST', url: '/brand/update/:id', handler, replaces: true });
    routes.addGeneric({ method: 'POST', url: '/brand/update/:other', handler });
    expect(() => routes.checkReplacements()).not.toThrow();

    const silent = registry();
    silent.add({ method: 'POST', url: '/brand/create', handler });
    expect(() => silent.addGeneric({ method: 'POST', url: '/brand/create', handler })).toThrow(
      /shadows the generic one/,
    );
  });

  it('refuses a second domain route for the same method and path', () => {
    const routes = registry();
    routes.add({ method: 'GET', url: '/brand/:id', handler });
    expect(() => routes.add({ method: 'GET', url: '/brand/:other', handler })).toThrow(/defined twice/);
    expect(() => routes.add({ method: 'POST', url: '/brand/:id', handler })).not.toThrow();
  });

  it('refuses a replacement that replaces nothing, and takes a generic alias of a standard route once', () => {
    const routes = registry();
    routes.add({ method: 'POST', url: '/brand/frobnicate', handler, replaces: true });
    routes.addGeneric({ method: 'GET', url: '/brand/listAll', handler });
    routes.addGeneric({ method: 'GET', url: '/brand/listAll', handler });
    expect(() => routes.checkReplacements()).toThrow(/POST \/brand\/frobnicate/);
  });
});
