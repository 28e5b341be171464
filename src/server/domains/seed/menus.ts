import type { Kysely } from 'kysely';
import { tables, type Database, type MenuTable } from '../../../../generated/database.js';
import { insertRow } from './rows.js';
import type { Insertable } from 'kysely';
import { entityAccess, menuGroups, type MenuDef } from '../../../../generated/menus.js';
import { SUPER_ADMIN_ROLE } from '../../core/auth.js';
import { roleHasGroup } from './data-accounts.js';

/** Whether a role gets a menu: an entity's screen as the schema says, else by the role's groups. */
function sees(role: string, group: string, menu?: MenuDef): boolean {
  if (role === SUPER_ADMIN_ROLE) return true;
  const level = (m: MenuDef) => (m.resource ? entityAccess[m.resource]?.[role] : undefined);
  if (menu) return level(menu) ? level(menu) !== 'none' : roleHasGroup(role, group);
  const children = menuGroups.find((g) => g.name === group)?.children ?? [];
  return roleHasGroup(role, group) || children.some((c) => !c.hidden && (level(c) ?? 'none') !== 'none');
}

/**
 * Inserts every sidebar group and non-hidden child of generated/menus.ts missing from ums_menu (by name), so menus
 * of new schemas appear on the next start, and grants each new menu to the roles that get it: an entity's screen to
 * the roles its schema gives the entity (generated/menus.ts `entityAccess`), a group to the roles holding it or any
 * of its screens, other screens by the roles' groups.
 */
export async function syncMenus(trx: Kysely<Database>, roles: Map<string, number>): Promise<number> {
  const existing = new Set((await trx.selectFrom(tables.menu).select('name').execute()).map((r) => String(r.name)));
  const ids = new Map(
    (await trx.selectFrom(tables.menu).select(['id', 'name']).execute()).map((r) => [String(r.name), Number(r.id)]),
  );
  const now = new Date().toISOString();
  let added = 0;
  const insert = async (group: string, values: Insertable<MenuTable>, menu?: MenuDef) => {
    const { id } = await insertRow(trx, tables.menu, { ...values, create_time: now, hidden: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(String(values.name), Number(id));
    added++;
    for (const [role, roleId] of roles) {
      if (sees(role, group, menu)) {
        await insertRow(trx, tables.roleMenuRelation, { role_id: roleId, menu_id: Number(id) }).execute();
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
      await insert(
        group.name,
        {
          parent_id: ids.get(group.name),
          title: child.title.en,
          level: 1,
          sort: visible.length - i,
          name: child.name,
          icon: child.icon ?? null,
        },
        child,
      );
    }
  }
  return added;
}
