import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { insertRow } from './rows.js';
import { entities } from '../../../../generated/entities.js';
import { entityAccess, routes } from '../../../../generated/menus.js';
import { SUPER_ADMIN_ROLE } from '../../core/auth.js';
import { categoryOfGroup, RESOURCE_CATEGORIES, RESOURCES, type SeedResource } from './data-resources.js';

type Wanted = SeedResource & { roles: string[] };

/**
 * The listed resources plus each entity's own: `<path>/**` granted to the roles that write it, and `GET <path>/**`
 * to those that only read it (made for every platform-wide entity, and for others when some role reads them), as
 * generated/menus.ts `entityAccess` says. Listed names and categories are kept; unlisted ones are named after the
 * entity and filed under its menu group.
 */
export function wantedResources(): Wanted[] {
  const listed = new Map(RESOURCES.map((r) => [r.url, r]));
  const own = new Map<string, Wanted>();
  for (const meta of Object.values(entities)) {
    const access = entityAccess[meta.name];
    if (meta.internal || !access) continue;
    const group =
      routes.find((r) => r.resource === meta.name)?.group ?? routes.find((r) => r.name === meta.menu)?.group;
    const holding = (level: string) => Object.keys(access).filter((role) => access[role] === level);
    const made = (url: string, name: string, roles: string[]) =>
      own.set(url, { name, category: categoryOfGroup(group), ...listed.get(url), url, roles });
    made(`${meta.path}/**`, meta.label.en, holding('write'));
    if (!meta.tenant || holding('read').length) made(`GET ${meta.path}/**`, `${meta.label.en} (read)`, holding('read'));
  }
  return [...RESOURCES.filter((r) => !own.has(r.url)).map((r) => ({ ...r, roles: r.roles ?? [] })), ...own.values()];
}

/**
 * Inserts missing resource categories (by name) and resources (by URL) and grants each new resource to its roles
 * and the super admin. Runs on every start; existing rows and grants are left as the admins edited them (a change
 * of who gets an entity reaches existing databases through the migration codegen writes for it).
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
    const { id } = await insertRow(trx, tables.resourceCategory, { name: c.name, sort: c.sort, create_time: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    cats.set(c.name, Number(id));
  }
  const urls = new Set((await trx.selectFrom(tables.resource).select('url').execute()).map((r) => String(r.url)));
  let added = 0;
  for (const r of wantedResources()) {
    if (urls.has(r.url)) continue;
    urls.add(r.url);
    const { id } = await insertRow(trx, tables.resource, {
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
      if (r.roles.includes(role) || role === SUPER_ADMIN_ROLE) {
        await insertRow(trx, tables.roleResourceRelation, { role_id: roleId, resource_id: Number(id) }).execute();
      }
    }
  }
  return added;
}
