/**
 * Codegen on schema edits a developer makes while changing a table: a backfill or default held to the field's
 * format, a generated migration no database has run written again when the schema is corrected, an enum value map.
 */
import { describe, expect, it } from 'vitest';
import { generate } from '../../scripts/codegen/generate';
import { readSources } from '../../scripts/codegen/load';
import type { Sources } from '../../scripts/codegen/model';
import { resolve } from 'node:path';
import { entities } from '../../generated/entities';
import { renameFactoryStatus } from '../codegen-edits';

const root = resolve(import.meta.dirname, '../..');

/** brand.json with a required `website` (a uri), existing rows given `backfill`. */
function withWebsite(src: Sources, backfill: string, extra: Record<string, unknown> = {}): Sources {
  const out = structuredClone(src);
  const brand = out.schemas['brand.json'] as any;
  brand.properties.website = { type: 'string', format: 'uri', maxLength: 200, 'x-admin': { backfill }, ...extra };
  brand['x-admin'].fields.website = { en: 'Website', zh: '网站' };
  brand.required.push('website');
  return out;
}

/** The sources as they are once `files` are written: the new migrations beside the others. */
function after(src: Sources, files: Record<string, string>): Sources {
  const migrations = Object.fromEntries(
    Object.entries(files)
      .filter(([f]) => f.startsWith('migrations/'))
      .map(([f, text]) => [f.slice('migrations/'.length), text]),
  );
  return { ...src, migrations };
}

const added = (src: Sources, files: Record<string, string>) =>
  Object.keys(files).filter((f) => /^migrations\/(sqlite|postgres)\//.test(f) && !(f.slice(11) in src.migrations));

describe('codegen on schema edits', () => {
  const src = readSources(root);

  it('holds a backfill and a default to the field’s format, naming where they are written', async () => {
    await expect(generate(withWebsite(src, 'not a url'))).rejects.toThrow(
      /brand\.json:\d+:\d+: properties\.website\.x-admin\.backfill: x-admin\.backfill "not a url" is not a valid uri\. Fix: a uri value/,
    );
    await expect(generate(withWebsite(src, 'https://a.example/', { default: 'nowhere' }))).rejects.toThrow(
      /properties\.website\.default: default "nowhere" is not a valid uri/,
    );
    const email = structuredClone(src);
    (email.schemas['admin.json'] as any).properties.email.default = 'nobody';
    await expect(generate(email)).rejects.toThrow(/default "nobody" is not a valid email/);
    await expect(generate(withWebsite(src, 'https://a.example/'))).resolves.toBeTruthy();
  });

  it('writes a migration no database has run again when the schema changes before it is committed', async () => {
    const first = withWebsite(src, 'https://first.example/');
    const files = await generate(first);
    const [sqlite, postgres] = added(src, files).sort((a, b) => b.localeCompare(a));
    expect(files[sqlite]).toContain(`'https://first.example/'`);

    // Corrected after that run, the migration still a draft (not committed, not applied): written again, same name.
    const drafts = { files: [sqlite.slice(11), postgres.slice(11)], base: src.migrations['snapshot.json'] };
    const corrected = { ...after(withWebsite(src, 'https://second.example/'), files), drafts };
    const again = await generate(corrected);
    expect(added(src, again).sort()).toEqual([postgres, sqlite].sort());
    expect(again[sqlite]).toContain(`'https://second.example/'`);
    expect(again[sqlite]).not.toContain('first.example');
    expect(again[postgres]).toContain(`'https://second.example/'`);

    // Taken back out: the draft goes (nothing generated in its place), the snapshot is the committed one again.
    const undone = await generate({ ...after(src, files), drafts });
    expect(added(src, undone)).toEqual([]);
    expect(undone['migrations/snapshot.json']).toBe(src.migrations['snapshot.json']);

    // Once committed or applied (no drafts) it is history: the rows it filled keep their value.
    const later = await generate(after(withWebsite(src, 'https://second.example/'), files));
    expect(later[sqlite]).toBe(files[sqlite]);
  });

  it('refuses an enum value map that moves rows to a value the enum no longer holds, or off one it keeps', async () => {
    const mapped = (map: Record<string, unknown>) => {
      const out = structuredClone(src);
      const brand = out.schemas['brand.json'] as any;
      brand.properties.showStatus = { ...brand.properties.showStatus, enum: [1], 'x-admin': { enumMap: map } };
      brand.properties.showStatus.default = 1;
      delete brand['x-admin'].enums.showStatus['0'];
      return out;
    };
    await expect(generate(mapped({ 0: 2 }))).rejects.toThrow(
      /showStatus: x-admin\.enumMap moves 0 to 2, which is not in its enum/,
    );
    await expect(generate(mapped({ 1: 1 }))).rejects.toThrow(/enumMap moves 1, which the enum still holds/);
    const files = await generate(mapped({ 0: 1 }));
    const [sqlite] = added(src, files).filter((f) => f.includes('/sqlite/'));
    expect(files[sqlite]).toMatch(/UPDATE pms_brand SET show_status = 1 WHERE show_status = 0;[\s\S]*-- refuse-if-any/);
  });

  it('lists the owning shop in every create body the API asks a seller with several shops for', async () => {
    const doc = JSON.parse((await generate(src))['openapi.json']);
    const owned = Object.values(entities).filter(
      (e) => !e.internal && e.crud.create && e.tenant && e.tenant !== 'id' && !e.tenantFrom,
    );
    expect(owned.map((e) => e.name)).toContain('coupon');
    for (const e of owned) {
      const create = doc.components.schemas[`${e.name[0].toUpperCase()}${e.name.slice(1)}Create`];
      expect(create.properties[e.tenant!], e.name).toMatchObject({ type: 'integer' });
      expect(create.required ?? [], e.name).not.toContain(e.tenant);
    }
  });

  it('names the property in a removal and a mistaken rename, with the fix', async () => {
    const removed = structuredClone(src);
    const brand = removed.schemas['brand.json'] as any;
    delete brand.properties.brandStory;
    delete brand['x-admin'].fields.brandStory;
    await expect(generate(removed)).rejects.toThrow(
      /"dropped": \["brandStory"\] \}; for a rename, "x-admin": \{ "renamedFrom": "brandStory" \}/,
    );

    const typo = renameFactoryStatus(src, (p) => (p['x-admin'].renamedFrom = 'factoryStatuz'));
    await expect(generate(typo)).rejects.toThrow(
      /column pms_brand\.maker_status: "renamedFrom": "factoryStatuz" names no column pms_brand has\. Fix: the property's name before the rename, one of "factoryStatus"/,
    );
  });
});
