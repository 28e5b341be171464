import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { TOKEN_HEAD } from '../../../shared/constants.js';
import { lengthBetween, Messages, REQUIRED } from '../../../shared/messages.js';
import { ResultCode } from '../../../shared/envelope.js';
import { checkPassword, hashPassword, PASSWORD_TOO_LONG, passwordTooLong } from '../../core/auth.js';
import { ApiError, failed, forbidden, ok, validationFailed } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  envelopeSchema,
  nullSchema,
  querySchema,
  recordSchema,
  runtime,
  tidyText,
  parametersBody,
} from '../../core/crud.js';
import { input, single } from '../../core/params.js';
import { get } from '../../core/lookup.js';
import type { Domain } from '../../context.js';
import { assertUsernameFree, endSessions, menusOfUser, nextSession, registerSeller } from './service.js';
import { linkOfCode } from '../referral/links.js';
import { SECRET_PARAMS } from '../../core/secrets.js';
import { AdminStatus, ReferralLinkKind } from '../../../../generated/enums.js';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(single(v)));

function required(q: Record<string, unknown>, ...names: string[]): string[] {
  const values = names.map((n) => text(q[n]));
  const missing = names.find((_, i) => !values[i]);
  if (missing) throw validationFailed({ [missing]: REQUIRED });
  return values;
}

const str = { type: 'string' };
const token = { response: envelopeSchema({ type: 'object', properties: { token: str, tokenHead: str } }) };

/** Login, logout, info, register (a new seller account), token refresh and own password change. */
export const sessionRoutes: Domain = (routes, { db, tokens, throttle, users }) => {
  const k = db.kysely;
  const issue = (id: number, version: number) => ok({ token: tokens.sign(id, version), tokenHead: TOKEN_HEAD });
  const account = runtime('admin');
  const info = {
    type: 'object',
    properties: {
      username: str,
      icon: { type: ['string', 'null'] },
      roles: arraySchema(str),
      // Upstream's UmsMenu rows exactly: the menus are not edited from here, so no version.
      menus: arraySchema(recordSchema(runtime('menu').readable.filter((f) => f.auto !== 'version'))),
      platform: { type: 'boolean' },
      resources: arraySchema(str),
    },
  };

  routes.add({
    method: actions.admin.login.method,
    url: actions.admin.login.url,
    public: true,
    // The password from the body only (core/secrets.ts).
    schema: {
      querystring: querySchema(['username']),
      body: parametersBody(querySchema(['username', 'password'])),
      ...token,
    },
    handler: async (req, reply) => {
      const q = input(req);
      const [username, password] = required({ ...q, username: tidyText(text(q.username)) }, 'username', 'password');
      await throttle.beforeLogin(req, reply, username);
      const admin = await k
        .selectFrom(tables.admin)
        .select(['id', 'password', 'status', 'token_version'])
        .where('username', '=', username)
        .executeTakeFirst();
      // One bcrypt comparison either way: an unknown username answers as slowly as a wrong password.
      if (!(await checkPassword(password, admin?.password)) || !admin) throw failed(Messages.badCredentials);
      await throttle.loggedIn(req, username);
      if (Number(admin.status) !== AdminStatus.enabled) throw failed(Messages.accountDisabled);
      // The UI cannot work without a role (spec §6): say so here rather than on the first screen.
      const user = await users.get(Number(admin.id), Number(admin.token_version ?? 0));
      if (!user?.roles.length) throw failed(Messages.noRole);
      await k
        .updateTable(tables.admin)
        .set({ login_time: new Date().toISOString() })
        .where('id', '=', admin.id)
        .execute();
      return issue(Number(admin.id), Number(admin.token_version ?? 0));
    },
  });

  routes.add({
    method: actions.admin.logout.method,
    url: actions.admin.logout.url,
    schema: { body: parametersBody(), response: envelopeSchema(nullSchema) },
    // Ends every token of the account, on every server process (the guard reads the session version).
    handler: async (req) => {
      await endSessions(k, [req.user.id]);
      return ok(null);
    },
  });

  routes.add({
    method: actions.admin.refreshToken.method,
    url: actions.admin.refreshToken.url,
    schema: token,
    handler: async (req) => issue(req.user.id, req.user.sessionVersion),
  });

  routes.add({
    method: actions.admin.info.method,
    url: actions.admin.info.url,
    schema: { response: envelopeSchema(info) },
    handler: async (req) => {
      const user = req.user;
      // The UI needs a non-empty roles array (spec §6); a role disabled since login leaves none. Not a 500 (a server
      // fault) nor a 401 (the UI would offer to log in again, which is refused the same way).
      if (!user.roles.length) throw new ApiError(ResultCode.FORBIDDEN, Messages.noRole);
      return ok({
        username: user.username,
        icon: user.icon,
        roles: user.roles.map((r) => r.name),
        menus: await menusOfUser(db, user),
        // Ours, beside upstream's fields: platform staff see every shop (the UI offers shop-wide actions).
        platform: user.platform,
        // Ours: the URL patterns the caller may call (core/access.ts), so the UI hides what would be refused; the
        // super admin passes every check, which `/**` says.
        resources: user.superAdmin ? ['/**'] : user.resources,
      });
    },
  });

  routes.add({
    method: actions.admin.register.method,
    url: actions.admin.register.url,
    public: true,
    // The account's fields, from the body or the query, the password from the body only (the admin create validator
    // checks them).
    schema: {
      querystring: querySchema([
        ...account.meta.fields.filter((f) => !f.readOnly && !SECRET_PARAMS.has(f.name)).map((f) => f.name),
        'inviteCode',
      ]),
      // Checked by the admin create validator in registerSeller, after the registration throttle counted the try.
      body: parametersBody(
        querySchema([...account.meta.fields.filter((f) => !f.readOnly).map((f) => f.name), 'inviteCode']),
      ),
      response: envelopeSchema(account.recordSchema),
    },
    handler: async (req, reply) => {
      await throttle.beforeRegister(req, reply);
      const { inviteCode, ...q } = input(req);
      // An invitation opens a seller account only through a merchant link: "Please validate your code" otherwise.
      if (inviteCode !== undefined && inviteCode !== '') {
        const link = await linkOfCode(db, inviteCode);
        if (link.kind !== ReferralLinkKind.merchant)
          throw new ApiError(ResultCode.VALIDATE_FAILED, Messages.validateCode);
      }
      const body = { ...q, username: tidyText(text(q.username)), status: AdminStatus.enabled };
      await assertUsernameFree(k, body.username);
      return ok(await registerSeller(db, body));
    },
  });

  routes.add({
    method: actions.admin.updatePassword.method,
    url: actions.admin.updatePassword.url,
    schema: {
      querystring: querySchema(['username']),
      body: parametersBody(querySchema(['username', 'oldPassword', 'newPassword'])),
      response: envelopeSchema(countSchema),
    },
    handler: async (req) => {
      const q = input(req);
      const [oldPassword, newPassword] = required(q, 'oldPassword', 'newPassword');
      const username = tidyText(text(q.username)) || req.user.username;
      if (username !== req.user.username && !req.user.superAdmin) throw forbidden(); // a 401 would log the caller out
      const { minLength = 0, maxLength = Infinity } = get(account.field, 'password', 'admin field'); // the account schema's rule
      if (newPassword.length < minLength || newPassword.length > maxLength) {
        throw validationFailed({ newPassword: lengthBetween(minLength, maxLength) });
      }
      if (passwordTooLong(newPassword)) throw validationFailed({ newPassword: PASSWORD_TOO_LONG });
      const admin = await k
        .selectFrom(tables.admin)
        .select(['id', 'password'])
        .where('username', '=', username)
        .executeTakeFirst();
      if (!admin || !(await checkPassword(oldPassword, admin.password))) throw failed(Messages.badCredentials);
      await k
        .updateTable(tables.admin)
        .set({ password: await hashPassword(newPassword), token_version: nextSession })
        .where('id', '=', admin.id)
        .execute();
      return ok(1);
    },
  });
};
