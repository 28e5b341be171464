/**
 * Property-based checks (fast-check) of whole classes of input, over fields and routes found by enumeration (the
 * generated entity metadata and the routes the server registers): every number field refuses what is not a finite
 * number within its bounds, every required text field refuses text with nothing visible, every date filter of every
 * list refuses days the calendar does not have — each with the validation envelope naming the field, storing nothing.
 */
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { tables } from '../../generated/database';
import type { EntityMeta, FieldMeta } from '../../src/shared/entity-meta';
import { registeredRoutes } from '../../src/server/core/route-registry';
import { DATE_RANGE } from '../../src/server/core/dates';
import { dialects, startServer, type TestServer } from './helpers';

/** Random runs per field or filter: every one is tried, a few values each, so the suite stays fast. */
const PER_FIELD = Number(process.env.PROPERTY_RUNS ?? 2);

const notANumber = fc.oneof(
  fc.constantFrom('Infinity', '-Infinity', '+Infinity', 'NaN', '1e400', '-1e400', ' ', '\t', '0x10', '0o7', '0b1'),
  fc.integer({ min: 1, max: 0xffff }).map((n) => `0x${n.toString(16)}`),
);
/** Finite, but past what a column holds: NUMERIC(14,2) for a number, a whole number JSON keeps exact for an integer. */
const huge = (least: number) =>
  fc.oneof(
    fc.constantFrom(1e308, -1e308, '1e308', least, String(-least)),
    fc.double({ min: least, max: 1e300, noNaN: true }),
    fc.double({ min: least, max: 1e300, noNaN: true }).map((n) => String(-n)),
  );

/** Characters that show nothing: white space, zero-width and bidi marks, fillers, the blank Braille pattern. */
const INVISIBLE = [
  ' ',
  '\u00A0',
  '\u034F',
  '\u115F',
  '\u1160',
  '\u180E',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2060',
  '\u2066',
  '\u2800',
  '\u3000',
  '\u3164',
  '\uFEFF',
  '\uFFA0',
  // Drawn empty or not on their own: the Khitan filler, combining marks, a variation selector, a tag, private use,
  // an unassigned code point.
  '\u{16FE4}',
  '\u0301',
  '\u20DD',
  '\uFE0F',
  '\u{E0041}',
  '\uE000',
  '\u0378',
];
const invisibleText = fc
  .array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 8 })
  .map((cs) => cs.join(''))
  .filter((t) => t.trim() !== '' || t.length > 1);

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** `YYYY-MM-DD` of a day no calendar has (a 30th of February, a 13th month), sometimes with a time. */
const impossibleDate = fc
  .oneof(
    fc
      .record({ y: fc.integer({ min: 1970, max: 2100 }), m: fc.integer({ min: 1, max: 12 }) })
      .chain(({ y, m }) =>
        fc.record({ y: fc.constant(y), m: fc.constant(m), d: fc.integer({ min: daysIn(y, m) + 1, max: 39 }) }),
      )
      .filter(({ y, m, d }) => d > daysIn(y, m)),
    fc.record({
      y: fc.integer({ min: 1970, max: 2100 }),
      m: fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })),
      d: fc.integer({ min: 1, max: 28 }),
    }),
    fc.record({ y: fc.integer({ min: 1970, max: 2100 }), m: fc.integer({ min: 1, max: 12 }), d: fc.constant(0) }),
  )
  .chain(({ y, m, d }) => {
    const day = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    return fc.constantFrom(day, `${day} 10:00:00`, `${day}T23:59:59Z`);
  });

/** A day past the years both databases compare as dates (an expanded year, the year 0). */
const farDay = fc.oneof(
  fc.integer({ min: 10_000, max: 275_000 }).map((y) => `${y}-01-01`),
  fc.integer({ min: 10_000, max: 275_000 }).map((y) => `+${String(y).padStart(6, '0')}-06-30`),
  fc.integer({ min: 1, max: 271_000 }).map((y) => `-${String(y).padStart(6, '0')}-01-01`),
  fc.constantFrom('0000-01-01', '0000-12-31'),
);
/** Such a day, or an instant a time zone moves past them. */
const farDate = fc.oneof(farDay, fc.constantFrom('9999-12-31T23:00:00-05:00', '0001-01-01T00:30:00+01:00'));

const numeric = (f: FieldMeta) => f.type === 'number' || f.type === 'integer';
const requiredText = (f: FieldMeta) =>
  f.required && f.type === 'string' && !f.enum && f.input !== 'password' && !f.secret;
const dated = (f: FieldMeta) => f.type === 'date' || f.type === 'datetime';

interface Target {
  entity: EntityMeta;
  field: FieldMeta;
}

describe.each(dialects)('input classes as properties on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let routes: Set<string>;
  /** An existing id per entity (the first row of its table), when it has one. */
  const someId = new Map<string, number>();

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    routes = new Set(registeredRoutes(s.built.app).map((r) => `${r.method} ${r.path}`));
    for (const e of Object.values(entities)) {
      const row = (await sql
        .raw<{ id: number }>(`SELECT min(id) AS id FROM ${tables[e.name as keyof typeof tables]}`)
        .execute(s.built.db.kysely)
        .then((r) => r.rows[0])) as { id: number | null } | undefined;
      if (row?.id) someId.set(e.name, Number(row.id));
    }
  });
  afterAll(async () => s?.close());

  /** The entity's row count and the targeted record as stored: what a refused write must leave as it was. */
  async function snapshot(t: Target, id?: number): Promise<string> {
    const k = s.built.db.kysely;
    const table = tables[t.entity.name as keyof typeof tables];
    const count = (await sql.raw(`SELECT COUNT(*) AS n FROM ${table}`).execute(k)).rows[0];
    const row = id ? (await sql.raw(`SELECT * FROM ${table} WHERE id = ${id}`).execute(k)).rows[0] : undefined;
    return JSON.stringify([count, row]);
  }

  /** Writes `{field: value}` through the entity's update route (on an existing record) or else its create route. */
  async function write(t: Target, value: unknown) {
    const id = someId.get(t.entity.name);
    const update = id !== undefined && routes.has(`POST ${t.entity.path}/update/:id`);
    const path = update ? `${t.entity.path}/update/${id}` : `${t.entity.path}/create`;
    const before = await snapshot(t, update ? id : undefined);
    // Infinity goes as the JSON number 1e400, which parses back to Infinity.
    const text = JSON.stringify({ [t.field.name]: value }, (_, v) => (v === Infinity ? '__1e400' : v)).replace(
      '"__1e400"',
      '1e400',
    );
    const env = (await (
      await s.fetch(`${s.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: text,
      })
    ).json()) as { code: number; message: string; data?: { errors?: Record<string, string> } };
    const where = `POST ${path} ${text} → ${env.code} ${env.message}`;
    expect(env.code, where).toBe(404);
    expect(env.data?.errors?.[t.field.name], where).toBeDefined();
    expect(await snapshot(t, update ? id : undefined), where).toBe(before);
    return env.data!.errors![t.field.name];
  }

  /** Writable fields of entities with a generic or domain write route. */
  const targets = (keep: (f: FieldMeta) => boolean): Target[] =>
    Object.values(entities)
      .filter((e) => !e.internal && (routes.has(`POST ${e.path}/update/:id`) || routes.has(`POST ${e.path}/create`)))
      .flatMap((entity) => entity.fields.filter((f) => !f.readOnly && keep(f)).map((field) => ({ entity, field })));

  it('refuses Infinity, NaN, hexadecimal, blank and out-of-range text or numbers in every number field', async () => {
    const all = targets(numeric);
    expect(all.length).toBeGreaterThan(50);
    for (const t of all) {
      await fc.assert(
        fc.asyncProperty(notANumber, async (v) => {
          expect(await write(t, v)).toBe('must be a number');
        }),
        { numRuns: PER_FIELD },
      );
      await fc.assert(
        fc.asyncProperty(huge(t.field.type === 'number' ? 1e12 : 2 ** 53 + 2), async (v) => void (await write(t, v))),
        { numRuns: Math.ceil(PER_FIELD / 2) },
      );
    }
    // A JSON number past a double (1e400) parses to Infinity: refused as well.
    await write(
      all.find((t) => t.field.type === 'number')!,
      Infinity,
    );
  }, 120_000);

  it('refuses true and false in every number field, as JSON booleans and as upstream writes them', async () => {
    const all = targets(numeric);
    for (const t of all) for (const v of [true, false]) expect(await write(t, v)).toBe('must be a number');
  }, 120_000);

  it('refuses text with nothing visible in every required text field', async () => {
    const all = targets(requiredText);
    expect(all.length).toBeGreaterThan(10);
    for (const t of all)
      await fc.assert(
        fc.asyncProperty(invisibleText, async (v) => {
          expect(await write(t, v)).toBe('is required');
        }),
        { numRuns: PER_FIELD },
      );
  }, 120_000);

  it('refuses impossible days in every date field of a body', async () => {
    const all = targets(dated);
    expect(all.length).toBeGreaterThan(5);
    for (const t of all)
      await fc.assert(
        fc.asyncProperty(impossibleDate, async (v) => void (await write(t, v))),
        { numRuns: PER_FIELD },
      );
  }, 120_000);

  it('refuses days past 9999 and before year 1 in every date field of a body, saying which days are taken', async () => {
    const all = targets(dated);
    for (const t of all)
      await fc.assert(
        fc.asyncProperty(t.field.type === 'date' ? farDay : farDate, async (v) => {
          expect(await write(t, v)).toBe(DATE_RANGE);
        }),
        { numRuns: PER_FIELD },
      );
  }, 120_000);

  it('answers every date filter of every list with a validation envelope naming the parameter for impossible days', async () => {
    const filters = Object.values(entities)
      .filter((e) => routes.has(`GET ${e.path}/list`))
      .flatMap((e) =>
        e.filters
          .filter((f) => dated(e.fields.find((x) => x.name === f.field)!))
          .flatMap((f) => {
            const oneDay = e.fields.find((x) => x.name === f.field)!.type === 'datetime' && f.op === 'range';
            const params = f.op === 'range' ? [`${f.param}From`, `${f.param}To`] : [f.param];
            // A range's own parameter is one day (`createTime=2024-05-01`): a date without a time.
            return [
              ...params.map((param) => ({ path: `${e.path}/list`, param, day: false })),
              ...(oneDay ? [{ path: `${e.path}/list`, param: f.param, day: true }] : []),
            ];
          }),
      );
    expect(filters.length).toBeGreaterThanOrEqual(30);
    for (const { path, param, day } of filters)
      await fc.assert(
        fc.asyncProperty(impossibleDate, async (date) => {
          const v = day ? date.slice(0, 10) : date;
          const env = await s.api('GET', path, undefined, { token, query: { [param]: v } });
          const where = `GET ${path}?${param}=${v} → ${env.code} ${env.message}`;
          expect(env.code, where).toBe(404);
          expect((env.data as { errors: Record<string, string> }).errors[param], where).toBeDefined();
        }),
        { numRuns: PER_FIELD },
      );
  }, 120_000);

  it('compares every date filter of every list as dates up to 9999-12-31, refusing later and earlier days', async () => {
    const lists = Object.values(entities).filter((e) => routes.has(`GET ${e.path}/list`));
    let checked = 0;
    for (const e of lists)
      for (const f of e.filters) {
        const field = e.fields.find((x) => x.name === f.field)!;
        if (!dated(field)) continue;
        const path = `${e.path}/list`;
        const total = async (query: Record<string, string>) => {
          const env = await s.api('GET', path, undefined, { token, query: { pageSize: 1, ...query } });
          expect(env.code, `GET ${path}?${new URLSearchParams(query)} → ${env.message}`).toBe(200);
          return env.data.total as number;
        };
        const params = f.op === 'range' ? [`${f.param}From`, `${f.param}To`] : [f.param];
        if (f.op === 'range') {
          // Every row with a value lies between the first and the last day, whatever the input's form.
          const some = await total({ [`${f.param}From`]: '0001-01-01' });
          expect(await total({ [`${f.param}To`]: '9999-12-31' }), `${path} ${f.param}`).toBe(some);
          expect(await total({ [`${f.param}To`]: '9999-12-31 23:59:59' }), `${path} ${f.param}`).toBe(some);
          expect(await total({ [`${f.param}From`]: '9999-12-31' }), `${path} ${f.param}`).toBe(0);
          if (field.type === 'datetime') expect(await total({ [f.param]: '9999-12-31' })).toBe(0);
        }
        for (const param of params)
          await fc.assert(
            fc.asyncProperty(farDate, async (v) => {
              const env = await s.api('GET', path, undefined, { token, query: { [param]: v } });
              const where = `GET ${path}?${param}=${v} → ${env.code} ${env.message}`;
              expect(env.message, where).toBe(`Validation Failed: ${param}: ${DATE_RANGE}`);
            }),
            { numRuns: PER_FIELD },
          );
        checked++;
      }
    expect(checked).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
