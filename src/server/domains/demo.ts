import { actions } from '../../../generated/actions.js';
import { arraySchema, envelopeSchema } from '../core/crud.js';
import { ok } from '../core/envelope.js';
import type { Domain } from '../context.js';
import { DEMO_LOGINS } from './seed/data-accounts.js';

const text = { type: 'string' };
const login = { type: 'object', properties: { username: text, password: text, role: text } };

/** `GET /demo` (public): the demo logins shown on the login page, only in demo mode. */
export const demoDomain: Domain = (routes, { config }) => {
  routes.add({
    method: actions.admin.demoLogins.method,
    url: actions.admin.demoLogins.url,
    public: true,
    schema: {
      response: envelopeSchema({
        type: 'object',
        properties: { demo: { type: 'boolean' }, logins: arraySchema(login) },
      }),
    },
    handler: async () =>
      ok(
        config.demo
          ? { demo: true, logins: DEMO_LOGINS.map(({ username, password, role }) => ({ username, password, role })) }
          : { demo: false, logins: [] },
      ),
  });
};
