/**
 * A database full of demo data taken through a sequence of schema edits, each migrated by what `npm run codegen`
 * writes, on SQLite and PostgreSQL: a rename, a field made required with a backfill, types widened, an enum narrowed
 * while rows hold the removed value (refused, nothing changed), a drop, the table renamed. The brand is referenced by
 * products, so on SQLite its rebuilds must keep the references. After each step every row of every table is what it
 * was (the brand's as the edit says) and every foreign key holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import type { Sources } from '../../scripts/codegen/model';
import { loadConfig } from '../../src/server/core/config';
import { connect, type Db } from '../../src/server/core/db';
import { HAND_MIGRATIONS_DIR, MIGRATIONS_DIR, migrate, SchemaMismatchError } from '../../src/server/core/migrate';
import { renameFactoryStatus } from '../codegen-edits';
import { createPgDatabase, dialects } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
/** Codegen's files for each step, by the step's name. */
const generated: Record<string, Promise<Record<string, string>>> = {};
type Row = Record<string, unknown>;

/** A value as both drivers can be compared on: numbers as numbers, times as ISO text. */
function norm(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) && v.length < 16) return Number(v);
  if (v && typeof v === 'object') return JSON.stringify(v);
  return v;
}

async function tables(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ t: string }>`SELECT name AS t FROM sqlite_master WHERE type = 'table'
          AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'`.execute(db.kysely)
      : await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()`.execute(
          db.kysely,
        );
  return rows.rows.map((r) => r.t).filter((t) => t !== 'schema_migrations');
}

/** Every row of every table, by id. */
async function dump(db: Db): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const t of (await tables(db)).sort()) {
    const rows = (await sql<Row>`SELECT * FROM ${sql.table(t)} ORDER BY id`.execute(db.kysely)).rows;
    out[t] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, norm(v)])));
  }
  return out;
}

/** Foreign keys: none broken, still enforced, and the product's reference to its brand still there. */
async function checkForeignKeys(db: Db, constraints?: number, brand = 'pms_brand'): Promise<number> {
  if (db.dialect === 'sqlite') {
    expect((await sql`PRAGMA foreign_key_check`.execute(db.kysely)).rows).toEqual([]);
    expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db.kysely)).rows[0].foreign_keys).toBe(1);
    const refs = await sql<{ table: string; from: string }>`PRAGMA foreign_key_list(pms_product)`.execute(db.kysely);
    expect(refs.rows).toContainEqual(expect.objectContaining({ table: brand, from: 'brand_id' }));
    const all = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master m
      JOIN pragma_foreign_key_list(m.name) WHERE m.type = 'table'`.execute(db.kysely);
    if (constraints !== undefined) expect(all.rows[0].n).toBe(constraints);
    return all.rows[0].n;
  }
  const all = await sql<{ n: string; invalid: string; brand: string }>`SELECT count(*) AS n,
      count(*) FILTER (WHERE NOT convalidated) AS invalid,
      count(*) FILTER (WHERE conrelid = 'pms_product'::regclass AND confrelid = ${brand}::regclass) AS brand
    FROM pg_constraint WHERE contype = 'f'`.execute(db.kysely);
  expect(Number(all.rows[0].invalid)).toBe(0);
  expect(Number(all.rows[0].brand)).toBe(1);
  if (constraints !== undefined) expect(Number(all.rows[0].n)).toBe(constraints);
  return Number(all.rows[0].n);
}

describe.each(dialects)('schema edits on a database full of demo data, on %s', (dialect) => {
  it('keeps every row and foreign key through a rename, backfill, widening, refused enum, drop and table rename', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-evolve-'));
    const templates = inject('dbTemplates');
    const pgDb = dialect === 'postgres' ? await createPgDatabase(templates.postgres) : null;
    if (dialect === 'sqlite') fs.copyFileSync(templates.sqlite!, path.join(dir, 't.db'));
    const db = connect(loadConfig({}, { dataDir: dir, sqliteFile: path.join(dir, 't.db'), databaseUrl: pgDb?.url }));
    const copy = path.join(dir, 'generated');
    const folder = db.dialect;
    fs.cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    const dirs = [copy, HAND_MIGRATIONS_DIR];
    const base = readSources(root);

    /** Codegen for the edited schemas, its new migration written beside the others; returns the applied files. */
    let current: Sources = base;
    const step = async (edit: (src: Sources) => Sources) => {
      const next = edit(base);
      next.migrations = current.migrations;
      // The same steps on each database: codegen once per step.
      const files = await (generated[edit.name] ??= generate(next));
      const added = Object.keys(files).filter(
        (f) => f.startsWith(`migrations/${folder}/`) && !(f.slice('migrations/'.length) in current.migrations),
      );
      expect(added).toHaveLength(1);
      const file = path.join(copy, folder, path.basename(added[0]));
      fs.writeFileSync(file, files[added[0]]);
      fs.writeFileSync(path.join(copy, 'snapshot.json'), files['migrations/snapshot.json']);
      let applied: string[];
      try {
        applied = await migrate(db, dirs);
      } catch (e) {
        // Refused: the edit is not kept (its migration and snapshot go, as a developer would revert them).
        fs.rmSync(file);
        fs.writeFileSync(path.join(copy, 'snapshot.json'), current.migrations['snapshot.json']);
        throw e;
      }
      const migrations = Object.entries(files).filter(([f]) => f.startsWith('migrations/'));
      current = { ...next, migrations: Object.fromEntries(migrations.map(([f, text]) => [f.slice(11), text])) };
      return applied;
    };
    const brands = async () => (await dump(db)).pms_brand;
    const others = (d: Record<string, Row[]>) =>
      Object.fromEntries(Object.entries(d).filter(([t]) => t !== 'pms_brand'));

    try {
      await migrate(db, dirs);
      const k = db.kysely;
      // Rows the edits have something to do to: brands without a first letter, hidden brands.
      const ids = (await brands()).map((r) => Number(r.id));
      expect(ids.length).toBeGreaterThan(5);
      await sql`UPDATE pms_brand SET first_letter = NULL WHERE id IN (${ids[0]}, ${ids[1]})`.execute(k);
      await sql`UPDATE pms_brand SET show_status = 0 WHERE id IN (${ids[2]}, ${ids[3]}, ${ids[4]})`.execute(k);
      const hidden = Number(
        (await sql<{ n: unknown }>`SELECT count(*) AS n FROM pms_brand WHERE show_status = 0`.execute(k)).rows[0].n,
      );
      const fks = await checkForeignKeys(db);
      let before = await dump(db);
      const expectBrands = async (change: (r: Row) => Row) => {
        const after = await dump(db);
        expect(others(after)).toEqual(others(before));
        expect(after.pms_brand).toEqual(before.pms_brand.map(change));
        await checkForeignKeys(db, fks);
        before = after;
      };

      // 1. A rename: factoryStatus → makerStatus.
      const rename = (src: Sources) => renameFactoryStatus(src);
      expect(await step(rename)).toHaveLength(1);
      await expectBrands(({ factory_status, ...r }) => ({ ...r, maker_status: factory_status }));

      // 2. The first letter made required: rows without one get the stated backfill.
      const required = (src: Sources) => {
        const out = rename(src);
        const brand = out.schemas['brand.json'] as any;
        brand.required.push('firstLetter');
        brand.properties.firstLetter['x-admin'] = { backfill: '#' };
        return out;
      };
      expect(await step(required)).toHaveLength(1);
      await expectBrands((r) => ({ ...r, first_letter: r.first_letter ?? '#' }));
      await expect(sql`INSERT INTO pms_brand (name) VALUES ('No letter')`.execute(k)).rejects.toThrow(
        /NOT NULL|null value/,
      );

      // 3. Types widened: the sort order takes fractions, the logo a longer address.
      const widened = (src: Sources) => {
        const out = required(src);
        const p = (out.schemas['brand.json'] as any).properties;
        p.sort.type = 'number';
        p.logo.maxLength = 500;
        return out;
      };
      expect(await step(widened)).toHaveLength(1);
      await expectBrands((r) => r);
      const long = `https://img.example.com/${'x'.repeat(400)}.png`;
      await sql`UPDATE pms_brand SET sort = 2.5, logo = ${long} WHERE id = ${ids[5]}`.execute(k);
      before = await dump(db);
      expect(before.pms_brand.find((r) => r.id === ids[5])).toMatchObject({ sort: 2.5, logo: long });

      // 4. An enum narrowed while rows hold the removed value: refused with the count, nothing changed.
      const narrowed = (src: Sources) => {
        const out = widened(src);
        const brand = out.schemas['brand.json'] as any;
        brand.properties.showStatus = { ...brand.properties.showStatus, enum: [1], default: 1 };
        delete brand['x-admin'].enums.showStatus['0'];
        return out;
      };
      await expect(step(narrowed)).rejects.toThrow(
        `${hidden} rows of pms_brand hold a show_status the schema no longer allows (removed: 0): change them first`,
      );
      await expectBrands((r) => r);

      // 5. A drop the schema states: the brand story goes, with its data.
      const dropped = (src: Sources) => {
        const out = widened(src);
        const brand = out.schemas['brand.json'] as any;
        delete brand.properties.brandStory;
        delete brand['x-admin'].fields.brandStory;
        brand['x-admin'].dropped = ['brandStory'];
        return out;
      };
      expect(await step(dropped)).toHaveLength(1);
      await expectBrands(({ brand_story: _gone, ...r }) => r);

      // Still enforced after the rebuilds: a product cannot name a brand that does not exist.
      await expect(
        sql`UPDATE pms_product SET brand_id = 999999999 WHERE id = (SELECT min(id) FROM pms_product)`.execute(k),
      ).rejects.toThrow(/FOREIGN KEY|foreign key/);
      if (db.dialect === 'sqlite') {
        // The keyword search's full-text table follows the rebuilt table.
        const name = String(before.pms_brand[6].name);
        const found = await sql<{ id: number }>`SELECT rowid AS id FROM pms_brand_fts
          WHERE pms_brand_fts MATCH ${`"${name.slice(0, 3)}"`}`.execute(k);
        expect(found.rows.map((r) => r.id)).toContain(before.pms_brand[6].id);
      }

      // 6. The table renamed, as the entity states: rows, references to it and its keyword search follow.
      const renamedTable = (src: Sources) => {
        const out = dropped(src);
        const x = (out.schemas['brand.json'] as any)['x-admin'];
        Object.assign(x, { table: 'pms_maker', renamedFrom: 'pms_brand' });
        return out;
      };
      expect(await step(renamedTable)).toHaveLength(1);
      const after = await dump(db);
      expect(after.pms_brand).toBeUndefined();
      expect(after.pms_maker).toEqual(before.pms_brand);
      expect(others({ ...after, pms_maker: [] })).toEqual({ ...others(before), pms_maker: [] });
      await checkForeignKeys(db, fks, 'pms_maker');
      const name = String(before.pms_brand[6].name);
      const found =
        db.dialect === 'sqlite'
          ? await sql<{ id: number }>`SELECT rowid AS id FROM pms_maker_fts
              WHERE pms_maker_fts MATCH ${`"${name.slice(0, 3)}"`}`.execute(k)
          : await sql<{ id: number }>`SELECT id FROM pms_maker
              WHERE coalesce(name,'') || ' ' || coalesce(first_letter,'') ILIKE ${`%${name.slice(0, 3)}%`}`.execute(k);
      expect(found.rows.map((r) => Number(r.id))).toContain(before.pms_brand[6].id);
    } finally {
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('an enum narrowed while rows hold the values taken out, on %s', (dialect) => {
  /** brand.showStatus keeps 1, product.previewStatus keeps 0; `map` moves their rows first (`x-admin.enumMap`). */
  const narrow = (src: Sources, map: boolean) => {
    const out = structuredClone(src);
    const brand = out.schemas['brand.json'] as any;
    const product = out.schemas['product.json'] as any;
    for (const [schema, field, keep, gone] of [
      [brand, 'showStatus', 1, 0],
      [product, 'previewStatus', 0, 1],
    ] as const) {
      const p = schema.properties[field];
      schema.properties[field] = {
        ...p,
        enum: [keep],
        default: keep,
        'x-admin': { ...p['x-admin'], ...(map ? { enumMap: { [gone]: keep } } : {}) },
      };
      delete schema['x-admin'].enums[field][gone];
    }
    return out;
  };

  it('refuses naming every table and column with its count, without a stack; enumMap moves the rows first', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-narrow-'));
    const templates = inject('dbTemplates');
    const pgDb = dialect === 'postgres' ? await createPgDatabase(templates.postgres) : null;
    if (dialect === 'sqlite') fs.copyFileSync(templates.sqlite!, path.join(dir, 't.db'));
    const db = connect(loadConfig({}, { dataDir: dir, sqliteFile: path.join(dir, 't.db'), databaseUrl: pgDb?.url }));
    const copy = path.join(dir, 'generated');
    fs.cpSync(MIGRATIONS_DIR, copy, { recursive: true });
    const base = readSources(root);
    const write = async (src: Sources) => {
      const files = await generate(src);
      const [added] = Object.keys(files).filter(
        (f) => f.startsWith(`migrations/${db.dialect}/`) && !(f.slice('migrations/'.length) in base.migrations),
      );
      fs.writeFileSync(path.join(copy, db.dialect, path.basename(added)), files[added]);
      fs.writeFileSync(path.join(copy, 'snapshot.json'), files['migrations/snapshot.json']);
      return files[added];
    };
    try {
      await migrate(db, [copy, HAND_MIGRATIONS_DIR]);
      const k = db.kysely;
      await sql`UPDATE pms_brand SET show_status = 0 WHERE id IN (SELECT id FROM pms_brand ORDER BY id LIMIT 3)`.execute(
        k,
      );
      await sql`UPDATE pms_product SET preview_status = 1 WHERE id IN (SELECT id FROM pms_product ORDER BY id LIMIT 4)`.execute(
        k,
      );
      const count = async (where: string) =>
        Number((await sql<{ n: unknown }>`SELECT count(*) AS n FROM ${sql.raw(where)}`.execute(k)).rows[0].n);
      const [hidden, previewed] = [
        await count('pms_brand WHERE show_status = 0'),
        await count('pms_product WHERE preview_status = 1'),
      ];
      expect(hidden).toBeGreaterThanOrEqual(3);
      expect(previewed).toBeGreaterThanOrEqual(4);
      const before = await dump(db);

      await write(narrow(base, false));
      const refused = await migrate(db, [copy, HAND_MIGRATIONS_DIR]).catch((e: unknown) => e);
      // The server prints a SchemaMismatchError's message alone (main.ts): no stack trace.
      expect(refused).toBeInstanceOf(SchemaMismatchError);
      const message = (refused as Error).message;
      expect(message).toContain(
        `${hidden} rows of pms_brand hold a show_status the schema no longer allows (removed: 0)`,
      );
      expect(message).toContain(
        `${previewed} rows of pms_product hold a preview_status the schema no longer allows (removed: 1)`,
      );
      expect(message).toContain('enumMap');
      expect(await dump(db)).toEqual(before);

      // The documented way: the value map in the schema, written into the migration before the narrowing.
      const sqlText = await write(narrow(base, true));
      expect(sqlText.indexOf('UPDATE pms_brand SET show_status = 1 WHERE show_status = 0;')).toBeGreaterThan(0);
      expect(sqlText.indexOf('UPDATE pms_brand SET show_status')).toBeLessThan(sqlText.indexOf('-- refuse-if-any'));
      expect(await migrate(db, [copy, HAND_MIGRATIONS_DIR])).toHaveLength(1);
      expect([
        await count('pms_brand WHERE show_status = 0'),
        await count('pms_product WHERE preview_status = 1'),
      ]).toEqual([0, 0]);
      expect([await count('pms_brand'), await count('pms_product')]).toEqual([
        before.pms_brand.length,
        before.pms_product.length,
      ]);
      await checkForeignKeys(db);
    } finally {
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
