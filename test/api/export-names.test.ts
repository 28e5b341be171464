/**
 * A CSV export names what a row references as a reader knows it: the referenced record's display field (a shop's
 * name, a return's receiving point) in its column, the id following under the field's name (what an import
 * reads back), for every reference of every exported entity.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { dynamic } from '../../src/server/core/crud/dynamic';
import { exportFields } from '../../src/server/core/crud/export';
import { runtimeOf } from '../../src/server/core/crud/runtime';
import { exportable } from '../../src/shared/list-meta';
import type { EntityMeta } from '../../src/shared/entity-meta';
import { crudPath } from '../../src/shared/crud-paths';
import type { TableName } from '../../generated/database';
import { dialects, startServer, type TestServer } from './helpers';

const named = (e: EntityMeta) =>
  e.fields.filter((f) => f.ref && f.ref.display !== 'id' && !f.writeOnly && !f.secret && f.type !== 'json');
const exported = Object.values(entities).filter((e) => exportable(e) && e.crud.list && named(e).length);

describe.each(dialects)('CSV export of references on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  }, 120_000);
  afterAll(async () => s?.close());

  it('covers the shop and the address of a return', () => {
    const returns = exported.find((e) => e.name === 'returnApply')!;
    expect(named(returns).map((f) => f.name)).toEqual(expect.arrayContaining(['shopId', 'companyAddressId']));
  });

  it.each(exported.map((e) => [e.name, e] as const))('%s: every reference by its display field', async (_n, e) => {
    const res = await fetch(`${s.base}${e.path}/export?lang=en`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    // By position: two fields may share a label (a member and its copied nickname).
    const [, ...rows]: string[][] = parse(await res.text(), { bom: true });
    const columns = exportFields(runtimeOf(e)).flatMap((x) =>
      x.ref && x.ref.display !== 'id' ? [x.name, `${x.name} id`] : [x.name],
    );
    const at = (name: string) => columns.indexOf(name);
    const k = dynamic(s.built.db.kysely);
    for (const f of named(e)) {
      const target = entities[f.ref!.resource as keyof typeof entities];
      const column = target.fields.find((t) => t.name === f.ref!.display)!.column;
      const stored = await k
        .selectFrom(e.table as TableName)
        .select(['id', `${f.column} as ref`])
        .execute();
      const names = new Map(
        (
          await k
            .selectFrom(target.table as TableName)
            .select(['id', `${column} as name`])
            .execute()
        ).map((r) => [Number(r.id), r.name]),
      );
      const byId = new Map(stored.map((r) => [Number(r.id), r.ref]));
      for (const r of rows) {
        const ref = byId.get(Number(r[at('id')]));
        if (ref === null || ref === undefined) continue;
        // The id follows the name, under the field's name: what an import reads back.
        expect(Number(r[at(`${f.name} id`)])).toBe(Number(ref));
        const want = names.get(Number(ref));
        if (want === null || want === undefined || want === '') continue;
        expect(r[at(f.name)], `${e.name}.${f.name} of ${crudPath(e.path, 'list')}`).toBe(
          String(want).replace(/^([=+\-@\t\r])/, "'$1"),
        );
      }
    }
  });
});
