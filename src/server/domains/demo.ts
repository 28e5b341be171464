import { ok } from '../core/envelope.js';
import type { Domain } from '../context.js';
import { DEMO_LOGINS } from './seed/data-accounts.js';

/** `GET /demo` (public): the demo logins shown on the login page, only in demo mode. */
export const demoDomain: Domain = (routes, { config }) => {
  routes.add({
    method: 'GET', url: '/demo', public: true,
    handler: async () => ok(config.demo
      ? { demo: true, logins: DEMO_LOGINS.map(({ username, password, role }) => ({ username, password, role })) }
      : { demo: false, logins: [] }),
  });
};
