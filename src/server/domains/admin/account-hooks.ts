import { tables } from '../../../../generated/database.js';
import { itemId, replaceRelations, type EntityHooks } from '../../core/crud.js';
import { idList } from '../../core/narrow.js';
import { assertUsernameFree, endSessions, grantSellerRole, recountRoles } from './service.js';

/**
 * Admin accounts: a username is taken when another account has it or one that looks the same. The account's roles
 * change by its declared actions: `register` (a self-registered seller gets the Seller role) and `updateRoles` (the
 * roles replaced, the account's sessions ended, since what it may do changed). The roles' user counts follow every
 * change, deletes too (their relations go by cascade), in the same transaction, where the super-admin invariant is
 * checked.
 */
export const accountHooks: EntityHooks = {
  tables: [tables.role, tables.adminRoleRelation],
  // Before the schema's own unique check, which would answer a plain "already exists" for the exact name.
  async beforeValidate(w, item) {
    const name = typeof item.body.username === 'string' ? item.body.username.trim() : '';
    if (w.op === 'update' && name) await assertUsernameFree(w.db.kysely, name, item.id);
  },
  async afterWrite(w, trx) {
    if (w.op === 'delete') await recountRoles(trx);
    const [item] = w.items;
    if (w.op === 'create' && w.action === 'register') await grantSellerRole(trx, itemId(item));
    if (w.op === 'update' && w.action === 'updateRoles') {
      const id = itemId(item);
      const roleIds = idList(w.params?.roleIds, 'updateRoles roleIds');
      const before = await replaceRelations(trx, tables.adminRoleRelation, 'admin_id', id, 'role_id', roleIds);
      await recountRoles(trx, [...new Set([...before, ...roleIds])]);
      await endSessions(trx, [id]);
    }
  },
};
