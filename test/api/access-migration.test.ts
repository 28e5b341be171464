/**
 * Who gets an entity is said by the schemas (`x-admin.access`, the roles of app-menus.json), and a change reaches a
 * database that already has its grants through the migration codegen writes: on a demo database, operators lose
 * coupons (API and menu), sellers lose the brands they read, operators go from writing brands to reading them —
 * and the server started on that database answers accordingly, on SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import { loadConfig } from '../../src/server/core/config';
import { connect, type Db } from '../../src/server/core/db';
import { HAND_MIGRATIONS_DIR, MIGRATIONS_DIR, migrate } from '../../src/server/core/migrate';
import { createPgDatabase, dialects, startServer } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

/** The edit, and codegen's files for it (the same on each database). */
const edited = (async () => {
  const src = readSources(root);
  const schema = (name: string) => (src.schemas[`${name}.json`] as any)['x-admin'];
  schema('coupon').access = { Operator: 'none' };
  schema('brand').access = { Seller: 'none', Operator: 'read' };
  return { src, files: await generate(src) };
})();

/** The resource URLs and menu names a role is granted. */
async function grants(db: Db, role: string): Promise<{ urls: string[]; menus: string[] }> {
  const urls = await sql<{ url: string }>`SELECT s.url FROM ums_role_resource_relation x
    JOIN ums_role r ON r.id = x.role_id JOIN ums_resource s ON s.id = x.resource_id WHERE r.name = ${role}`.execute(
    db.kysely,
  );
  const menus = await sql<{ name: string }>`SELECT m.name FROM ums_role_menu_relation x
    JOIN ums_role r ON r.id = x.role_id JOIN ums_menu m ON m.id = x.menu_id WHERE r.name = ${role}`.execute(db.kysely);
  return { urls: urls.rows.map((r) => r.url).sort(), menus: menus.rows.map((r) => r.name).sort() };
}

describe.each(dialects)('a change of who gets an entity, on an existing %s database', (dialect) => {
  it('is applied by the generated migration, to the API and the menus', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-access-'));
    const templates = inject('dbTemplates');
    const pgDb = dialect === 'postgres' ? await createPgDatabase(templates.postgres) : null;
    const file = path.join(dir, 't.db');
    if (dialect === 'sqlite') fs.copyFileSync(templates.sqlite!, file);
    const config = pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: file };
    const db = connect(loadConfig({}, { dataDir: dir, ...config }));
    try {
      const before = { operator: await grants(db, 'Operator'), seller: await grants(db, 'Seller') };
      expect(before.operator.urls).toEqual(expect.arrayContaining(['/coupon/**', '/brand/**']));
      expect(before.operator.menus).toContain('coupon');
      expect(before.seller.urls).toContain('GET /brand/**');
      expect(before.seller.menus).toContain('brand');

      const { src, files } = await edited;
      const added = Object.keys(files).filter(
        (f) => f.startsWith(`migrations/${db.dialect}/`) && !(f.slice('migrations/'.length) in src.migrations),
      );
      expect(added).toEqual([expect.stringMatching(/_access_brand_coupon\.sql$/)]);
      const generated = path.join(dir, 'generated');
      fs.cpSync(MIGRATIONS_DIR, generated, { recursive: true });
      fs.writeFileSync(path.join(generated, added[0].slice('migrations/'.length)), files[added[0]]);
      expect(await migrate(db, [generated, HAND_MIGRATIONS_DIR])).toEqual([path.basename(added[0])]);

      const after = { operator: await grants(db, 'Operator'), seller: await grants(db, 'Seller') };
      expect(after.operator.urls).not.toContain('/coupon/**');
      expect(after.operator.menus).not.toContain('coupon');
      expect(after.operator.urls).not.toContain('/brand/**');
      expect(after.operator.urls).toContain('GET /brand/**');
      expect(after.operator.menus).toContain('brand');
      expect(after.seller.urls).not.toContain('GET /brand/**');
      expect(after.seller.menus).not.toContain('brand');
      // Nothing else moved.
      const rest = (g: { urls: string[]; menus: string[] }, urls: string[], menus: string[]) => ({
        urls: g.urls.filter((u) => !urls.includes(u)),
        menus: g.menus.filter((m) => !menus.includes(m)),
      });
      expect(rest(after.operator, ['GET /brand/**'], [])).toEqual(
        rest(before.operator, ['/coupon/**', '/brand/**'], ['coupon']),
      );
      expect(rest(after.seller, [], [])).toEqual(rest(before.seller, ['GET /brand/**'], ['brand']));
      // The server below is this build, which has not the file written here: it would refuse a database naming a
      // migration it does not have. Its record goes; what it changed stays.
      await sql`DELETE FROM schema_migrations WHERE version = ${path.basename(added[0])}`.execute(db.kysely);
      await db.close();

      // The server on that database: the guard reads the grants.
      const s = await startServer({ dialect, config });
      try {
        const operator = await s.login('operator', 'operator123');
        const seller = await s.login('seller', 'seller123');
        const call = (token: string, method: string, p: string, body?: unknown) =>
          s.api(method, p, body, { token }).then((r) => r.code);
        expect(await call(operator, 'GET', '/coupon/list')).toBe(403);
        expect(await call(operator, 'GET', '/brand/list')).toBe(200);
        expect(await call(operator, 'POST', '/brand/create', { name: 'Refused brand' })).toBe(403);
        expect(await call(seller, 'GET', '/brand/list')).toBe(403);
        expect(await call(seller, 'GET', '/coupon/list')).toBe(200);
      } finally {
        await s.close();
      }
    } finally {
      await db.close().catch(() => {});
      await pgDb?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
