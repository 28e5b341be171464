import type { Kysely } from 'kysely';
import { tables, type Database, type MenuTable } from '../../../../generated/database.js';
import type { Insertable } from 'kysely';
import { menuGroups } from '../../../../generated/menus.js';
import { roleHasGroup } from './data-accounts.js';

/**
 * Inserts every sidebar group and non-hidden child of generated/menus.ts missing from ums_menu (by name), so menus
 * of new schemas appear on the next start, and grants each new menu to the roles whose groups include it.
 */
export async function syncMenus(trx: Kysely<Database>, roles: Map<string, number>): Promise<number> {
  const existing = new Set((await trx.selectFrom(tables.menu).select('name').execute()).map((r) => String(r.name)));
  const ids = new Map(
    (await trx.selectFrom(tables.menu).select(['id', 'name']).execute()).map((r) => [String(r.name), Number(r.id)]),
  );
  const now = new Date().toISOString();
  let added = 0;
  const insert = async (group: string, values: Insertable<MenuTable>) => {
    const { id } = await trx
      .insertInto(tables.menu)
      .values({ ...values, create_time: now, hidden: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(String(values.name), Number(id));
    added++;
    for (const [role, roleId] of roles) {
      if (roleHasGroup(role, group)) {
        await trx
          .insertInto(tables.roleMenuRelation)
          .values({ role_id: roleId, menu_id: Number(id) })
          .execute();
      }
    }
  };
  for (const group of menuGroups) {
    if (!existing.has(group.name)) {
      await insert(group.name, {
        parent_id: 0,
        title: group.title.en,
        level: 0,
        sort: group.sort ?? 0,
        name: group.name,
        icon: group.icon ?? null,
      });
    }
    const visible = (group.children ?? []).filter((c) => !c.hidden);
    for (const [i, child] of visible.entries()) {
      if (existing.has(child.name)) continue;
      await insert(group.name, {
        parent_id: ids.get(group.name),
        title: child.title.en,
        level: 1,
        sort: visible.length - i,
        name: child.name,
        icon: child.icon ?? null,
      });
    }
  }
  return added;
}
