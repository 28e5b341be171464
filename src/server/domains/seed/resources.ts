import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { entities } from '../../../../generated/entities.js';
import { routes } from '../../../../generated/menus.js';
import { ROLE_GROUPS, ROLES, roleHasGroup } from './data-accounts.js';
import { categoryOfGroup, RESOURCE_CATEGORIES, RESOURCES, type SeedResource } from './data-resources.js';
import { RolePlatform } from '../../../../generated/enums.js';

/**
 * The listed resources plus `<path>/**` of every other entity with routes; those are granted to the roles whose
 * menu groups hold the entity's screens (so entities of later issues get reachable by the right roles), read-only
 * (`GET <path>/**`) to shop roles when the entity is platform-wide.
 */
export function wantedResources(roleNames: string[]): SeedResource[] {
  const list = [...RESOURCES];
  const urls = new Set(list.map((r) => r.url));
  for (const meta of Object.values(entities)) {
    const url = `${meta.path}/**`;
    if (meta.internal || urls.has(url)) continue;
    const group =
      routes.find((r) => r.resource === meta.name)?.group ?? routes.find((r) => r.name === meta.menu)?.group;
    const roles = roleNames.filter((role) => group && ROLE_GROUPS[role] !== 'all' && roleHasGroup(role, group));
    const category = categoryOfGroup(group);
    if (meta.tenant) list.push({ name: meta.label.en, url, category, roles });
    else {
      // Platform-wide data: shop roles read it (the guard refuses them its writes whatever they are granted).
      const shopRole = (role: string) => ROLES.find((r) => r.name === role)?.platform === RolePlatform.ownShops;
      list.push({ name: meta.label.en, url, category, roles: roles.filter((r) => !shopRole(r)) });
      list.push({ name: `${meta.label.en} (read)`, url: `GET ${url}`, category, roles: roles.filter(shopRole) });
      urls.add(`GET ${url}`);
    }
    urls.add(url);
  }
  return list;
}

/**
 * Inserts missing resource categories (by name) and resources (by URL) and grants each new resource to its roles
 * and the super admin. Runs on every start; existing rows and grants are left as the admins edited them.
 */
export async function syncResources(trx: Kysely<Database>, roles: Map<string, number>): Promise<number> {
  const now = new Date().toISOString();
  const cats = new Map(
    (await trx.selectFrom(tables.resourceCategory).select(['id', 'name']).execute()).map((r) => [
      String(r.name),
      Number(r.id),
    ]),
  );
  for (const c of RESOURCE_CATEGORIES) {
    if (cats.has(c.name)) continue;
    const { id } = await trx
      .insertInto(tables.resourceCategory)
      .values({ name: c.name, sort: c.sort, create_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    cats.set(c.name, Number(id));
  }
  const urls = new Set((await trx.selectFrom(tables.resource).select('url').execute()).map((r) => String(r.url)));
  let added = 0;
  for (const r of wantedResources([...roles.keys()])) {
    if (urls.has(r.url)) continue;
    urls.add(r.url);
    const { id } = await trx
      .insertInto(tables.resource)
      .values({
        name: r.name,
        url: r.url,
        description: r.url,
        category_id: cats.get(r.category),
        create_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    added++;
    for (const [role, roleId] of roles) {
      // The super admin passes every check anyway; its grants make the role screens show the truth.
      if (r.roles.includes(role) || ROLE_GROUPS[role] === 'all') {
        await trx
          .insertInto(tables.roleResourceRelation)
          .values({ role_id: roleId, resource_id: Number(id) })
          .execute();
      }
    }
  }
  return added;
}
