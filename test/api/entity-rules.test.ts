/**
 * Every entity's own rules, tested from its schema (generated/entities.ts) with no test written for it: a new schema
 * is covered by this file the day it is added. For each entity the generic create serves: a valid record built from
 * the schema is stored and read back; each rule a field states (required, lengths, bounds, enum, pattern, type,
 * reference) refuses a value that breaks it, naming the field, and stores nothing; a unique field refuses a second
 * record holding its value (within the shop when unique per shop, where another shop may hold it); on a shop-scoped
 * entity a seller cannot write into another seller's shop nor see its records; and the delete removes the record.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { readSources } from '../../scripts/codegen/load';
import type { RawSchema } from '../../scripts/codegen/model';
import { crudPath } from '../../src/shared/crud-paths';
import type { EntityMeta, FieldMeta } from '../../src/shared/entity-meta';
import { dialects, startServer, type TestServer } from './helpers';
import { uniqueSample } from './sample-values';

type Rec = Record<string, unknown>;
const root = path.resolve(import.meta.dirname, '../..');
const byName = (name: string) => Object.values(entities).find((e) => e.name === name)!;
const tested = Object.values(entities).filter((e) => !e.internal && e.crud.create && e.crud.get);

/** Fields a create body may carry. */
const writable = (e: EntityMeta) => e.fields.filter((f) => !f.readOnly && !f.auto && f.name !== e.tenant);

let serial = 0;

/** Each schema's own sample values (JSON Schema `examples`), by entity and field. */
const samples: Record<string, Record<string, unknown[]>> = {};
for (const raw of Object.values(readSources(root).schemas) as RawSchema[])
  samples[raw['x-admin'].resource] = Object.fromEntries(
    Object.entries(raw.properties)
      .filter(([, p]) => Array.isArray(p.examples) && p.examples.length)
      .map(([name, p]) => [name, p.examples as unknown[]]),
  );
/** The values of each unique field this run handed out (`entity.field`): the next record takes another. */
const handedOut = new Map<string, Set<unknown>>();

/**
 * A value the field's own rules accept: the schema's example, else its default, else one built from its type and
 * bounds (times later with every call, so an end is never before its start).
 */
function fieldValue(e: EntityMeta, f: FieldMeta, stored: Set<unknown> = new Set()): unknown {
  const examples = samples[e.name]?.[f.name];
  if (examples && !f.unique) return examples[0];
  if (examples) {
    const mine = handedOut.get(`${e.name}.${f.name}`) ?? new Set();
    handedOut.set(`${e.name}.${f.name}`, mine);
    const v = uniqueSample(examples, f, (v) => !mine.has(v) && !stored.has(v));
    mine.add(v);
    return v;
  }
  if (f.default !== undefined && f.default !== null) return f.default;
  if (f.enum) return f.enum[0];
  const n = ++serial;
  switch (f.type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(f.minimum ?? 1, 1), f.maximum ?? Infinity);
    case 'boolean':
      return false;
    case 'datetime':
      return new Date(Date.UTC(2027, 0, 1, 8) + n * 3_600_000).toISOString();
    case 'date':
      return new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    case 'json':
      return {};
  }
  switch (f.input) {
    case 'email':
      return `rule${n}@example.com`;
    case 'url':
      return `https://shop.example.com/rule-${n}`;
    case 'image':
      return `/api/demo/rule-${n}.png`;
    case 'images':
      return `/api/demo/rule-${n}.png`;
    case 'country':
      return 'DE';
    case 'time':
      return '08:00:00';
  }
  const text = `Rule ${n} ${f.name}`.padEnd(f.minLength ?? 0, 'x');
  return f.maxLength !== undefined ? text.slice(0, Math.max(f.maxLength, f.minLength ?? 0)) : text;
}

/** Values that break one of the field's rules, with the rule's name. */
function breaking(f: FieldMeta): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (f.type === 'integer' || f.type === 'number') {
    out.push(['a number', 'not a number']);
    if (f.minimum !== undefined) out.push(['minimum', f.minimum - 1]);
    if (f.maximum !== undefined) out.push(['maximum', f.maximum + 1]);
    if (f.type === 'integer' && !f.enum) out.push(['a whole number', 1.5]);
  }
  if (f.enum) out.push(['enum', typeof f.enum[0] === 'number' ? Math.max(...(f.enum as number[])) + 7 : 'zzz-not-one']);
  if (f.type === 'string' && !f.enum) {
    if (f.maxLength !== undefined && f.maxLength < 100_000) out.push(['maxLength', 'x'.repeat(f.maxLength + 1)]);
    if (f.minLength && f.minLength > 1) out.push(['minLength', 'x'.repeat(f.minLength - 1)]);
    const odd = '~ ~';
    if (f.pattern && !new RegExp(f.pattern, 'u').test(odd)) out.push(['pattern', odd]);
  }
  if (f.ref) out.push(['reference', 999_999_999]);
  return out;
}

describe('sample values of a unique field', () => {
  it('gives each record its own value, still matching the pattern and lengths, from the examples', () => {
    const code = {
      name: 'code',
      type: 'string',
      unique: true,
      pattern: '^[A-Z]{2}-[0-9]{3}$',
      maxLength: 6,
    } as unknown as FieldMeta;
    const entity = { name: 'ruleSample' } as EntityMeta;
    samples.ruleSample = { code: ['AB-123'] };
    const made = new Set<unknown>();
    for (let i = 0; i < 30; i++) made.add(fieldValue(entity, code, new Set(['AB-124'])));
    expect(made.size).toBe(30);
    for (const v of made) expect(v).toMatch(/^[A-Z]{2}-[0-9]{3}$/);
    expect(made.has('AB-124')).toBe(false);
    expect(uniqueSample(['x1', 'x2'], {}, (v) => v !== 'x1')).toBe('x2');
  });
});

describe.each(dialects)('each entity’s schema rules on %s', (dialect) => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  /** Shops: the first seller's first, and the second seller's. */
  let shop: number;
  let otherShop: number;
  const call = (who: string, method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: tokens[who], query });
  const total = async (e: EntityMeta) =>
    Number((await call('admin', 'GET', crudPath(e.path, 'list'), undefined, { pageSize: 1 })).data.total);

  /** An id of `resource` a record of the shop may name: an existing one, or one made when the field is unique. */
  async function refId(f: FieldMeta, inShop: number, taken: Set<unknown>): Promise<number> {
    const target = byName(f.ref!.resource);
    const query: Record<string, string | number> = { pageSize: 100 };
    if (target.tenant && target.tenant !== 'id') query[target.tenant] = inShop;
    const list = (await call('admin', 'GET', crudPath(target.path, 'list'), undefined, query)).data;
    const rows: Rec[] = Array.isArray(list) ? list : list.list;
    const fit = rows.find(
      (r) =>
        !taken.has(r.id) &&
        (target.name === 'shop'
          ? r.id === inShop
          : !target.tenant || target.tenant === 'id' || r[target.tenant] === inShop),
    );
    if (fit) return Number(fit.id);
    const made = await call('admin', 'POST', crudPath(target.path, 'create'), await validRecord(target, inShop));
    expect(made.code, `a ${target.name} for ${f.name}: ${made.message}`).toBe(200);
    return Number(made.data.id);
  }

  /** A record every rule of the schema accepts, in `inShop` when shop-scoped. */
  async function validRecord(e: EntityMeta, inShop = shop): Promise<Rec> {
    const rec: Rec = {};
    if (e.tenant && e.tenant !== 'id') rec[e.tenant] = inShop;
    for (const f of writable(e)) {
      if (f.ref) {
        const used = f.unique ? await usedValues(e, f) : new Set();
        if (f.ref.resource === 'shop') rec[f.name] = inShop;
        else if (f.required || f.unique) rec[f.name] = await refId(f, inShop, used);
      } else rec[f.name] = fieldValue(e, f, f.unique && samples[e.name]?.[f.name] ? await usedValues(e, f) : undefined);
    }
    return rec;
  }

  async function usedValues(e: EntityMeta, f: FieldMeta): Promise<Set<unknown>> {
    const list = (await call('admin', 'GET', crudPath(e.path, 'list'), undefined, { pageSize: 1000 })).data;
    return new Set((Array.isArray(list) ? list : list.list).map((r: Rec) => r[f.name]));
  }

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [who, password] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ])
      tokens[who] = await s.login(who, password);
    const shops = async (who: string) =>
      (await call(who, 'GET', '/shop/list', undefined, { pageSize: 50 })).data.list.map((r: Rec) => Number(r.id));
    shop = (await shops('seller'))[0];
    otherShop = (await shops('seller2'))[0];
  });
  afterAll(async () => s?.close());

  describe.each(tested.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    it('stores a valid record and reads it back', async () => {
      const rec = await validRecord(e);
      const made = await call('admin', 'POST', crudPath(e.path, 'create'), rec);
      expect(made.code, made.message).toBe(200);
      const got = (await call('admin', 'GET', crudPath(e.path, 'get', { id: made.data.id }))).data;
      for (const f of writable(e).filter((f) => rec[f.name] !== undefined && !f.writeOnly && !f.secret))
        expect(String(got[f.name]), f.name).toBe(String(rec[f.name]));
    });

    it('refuses a value breaking each rule, naming the field, and stores nothing', async () => {
      const base = await validRecord(e);
      const before = await total(e);
      const cases: [string, string, Rec][] = [];
      for (const f of writable(e)) {
        if (f.required && (f.default === undefined || f.default === null)) {
          const { [f.name]: _gone, ...rest } = base;
          cases.push([f.name, 'required', rest]);
        }
        for (const [rule, value] of breaking(f)) cases.push([f.name, rule, { ...base, [f.name]: value }]);
      }
      for (const [field, rule, body] of cases) {
        const res = await call('admin', 'POST', crudPath(e.path, 'create'), body);
        expect(res.code, `${field} ${rule}: ${res.message}`).not.toBe(200);
        if (rule !== 'reference')
          expect(res.message, `${field} ${rule}`).toMatch(new RegExp(`^Validation Failed: ${field}: `));
      }
      expect(await total(e)).toBe(before);
    });

    const uniques = writable(e).filter((f) => f.unique);
    it.runIf(uniques.length)('refuses a second record holding a unique value', async () => {
      const first = await validRecord(e);
      expect((await call('admin', 'POST', crudPath(e.path, 'create'), first)).code).toBe(200);
      for (const f of uniques) {
        const again = { ...(await validRecord(e)), [f.name]: first[f.name] };
        const res = await call('admin', 'POST', crudPath(e.path, 'create'), again);
        expect(res.code, `${f.name}: ${res.message}`).not.toBe(200);
        if (f.unique === 'shop' && !f.ref) {
          const elsewhere = { ...(await validRecord(e, otherShop)), [f.name]: first[f.name] };
          const other = await call('admin', 'POST', crudPath(e.path, 'create'), elsewhere);
          expect(other.code, `${f.name} in another shop: ${other.message}`).toBe(200);
        }
      }
    });

    it.runIf(!!e.tenant && e.tenant !== 'id')('keeps a seller to its own shops', async () => {
      const theirs = await call('admin', 'POST', crudPath(e.path, 'create'), await validRecord(e, otherShop));
      expect(theirs.code, theirs.message).toBe(200);
      const before = await total(e);
      const intoTheirs = await call('seller', 'POST', crudPath(e.path, 'create'), await validRecord(e, otherShop));
      expect(intoTheirs.code).not.toBe(200);
      expect(await total(e)).toBe(before);
      const seen = await call('seller', 'GET', crudPath(e.path, 'get', { id: theirs.data.id }));
      expect(seen.code).not.toBe(200);
    });

    it.runIf(e.crud.delete)('deletes a record', async () => {
      const made = await call('admin', 'POST', crudPath(e.path, 'create'), await validRecord(e));
      expect(made.code, made.message).toBe(200);
      const gone = await call('admin', 'POST', crudPath(e.path, 'deleteOne', { id: made.data.id }));
      expect(gone.code, gone.message).toBe(200);
      expect((await call('admin', 'GET', crudPath(e.path, 'get', { id: made.data.id }))).code).not.toBe(200);
    });
  });
});
