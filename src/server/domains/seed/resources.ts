import type { Kysely } from 'kysely';
import { entities } from '../../../../generated/entities.js';
import { routes } from '../../../../generated/menus.js';
import { roleHasGroup } from './data-accounts.js';
import { categoryOfGroup, RESOURCE_CATEGORIES, RESOURCES } from './data-resources.js';

/** Upstream's resources plus `<path>/**` of every entity with routes, each under a category. */
function wantedResources() {
  const list = RESOURCES.map((r) => ({ ...r, description: r.url }));
  for (const meta of Object.values(entities)) {
    if (meta.internal) continue;
    const group = routes.find((r) => r.resource === meta.name)?.group ?? routes.find((r) => r.name === meta.menu)?.group;
    list.push({ name: meta.label.en, url: `${meta.path}/**`, category: categoryOfGroup(group), description: `${meta.path}/**` });
  }
  return list;
}

/**
 * Inserts missing resource categories (by name) and resources (by URL) and grants each new resource to the roles
 * whose menu groups cover its category. Runs on every start.
 */
export async function syncResources(trx: Kysely<any>, roles: Map<string, number>): Promise<number> {
  const now = new Date().toISOString();
  const cats = new Map((await trx.selectFrom('ums_resource_category').select(['id', 'name']).execute())
    .map((r) => [String(r.name), Number(r.id)]));
  for (const c of RESOURCE_CATEGORIES) {
    if (cats.has(c.name)) continue;
    const { id } = await trx.insertInto('ums_resource_category').values({ name: c.name, sort: c.sort, create_time: now })
      .returning('id').executeTakeFirstOrThrow();
    cats.set(c.name, Number(id));
  }
  const urls = new Set((await trx.selectFrom('ums_resource').select('url').execute()).map((r) => String(r.url)));
  let added = 0;
  for (const r of wantedResources()) {
    if (urls.has(r.url)) continue;
    urls.add(r.url);
    const { id } = await trx.insertInto('ums_resource').values({
      name: r.name, url: r.url, description: r.description, category_id: cats.get(r.category), create_time: now,
    }).returning('id').executeTakeFirstOrThrow();
    added++;
    const group = RESOURCE_CATEGORIES.find((c) => c.name === r.category)!.group;
    for (const [role, roleId] of roles) {
      if (roleHasGroup(role, group)) {
        await trx.insertInto('ums_role_resource_relation').values({ role_id: roleId, resource_id: Number(id) }).execute();
      }
    }
  }
  return added;
}
