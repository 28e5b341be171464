/**
 * Property-based fuzzing (fast-check) of every write route the server registers, found by enumerating them as the
 * access matrix does: generated hostile paths, queries and bodies must always get the envelope with a clear message
 * (never a 5xx, a generic failure or a leaked error), and a refused call must leave the database as it was (row
 * counts of every table, and the audit trail, which records every write in the write's own transaction).
 */
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { tables } from '../../generated/database';
import { JobStatus } from '../../generated/enums';
import { registeredRoutes, type RouteInfo } from '../../src/server/core/route-registry';
import { MAX_IMPORT_ROWS } from '../../src/server/core/crud/import';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 15);
/** What only a bug would say: the generic failure, a driver's or a parser's words, a stack line. */
const LEAK =
  /SQLITE|syntax error|violates|relation "|column "|TypeError|ReferenceError|Cannot read|undefined|at \S+ \(|\.ts:\d+/;

const entityOf = (path: string) =>
  Object.values(entities)
    .filter((m) => path === m.path || path.startsWith(`${m.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u200B',
    '\u0000',
    'a'.repeat(300),
    '9007199254740993',
    '1e20',
    'Infinity',
    '-Infinity',
    '1e400',
    'NaN',
    '0x10',
    '2024-02-30',
    '2024-13-45 10:00:00',
    '\u2800\u3164',
    '-1',
    '0',
    '1.5',
    '<img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '%00',
    '[]',
    '{}',
    'null',
    '1,2,3',
    '../../etc/passwd',
    // Days past what both databases compare as dates, and text that renders nothing on its own.
    '9999-12-31',
    '9999-12-31T23:00:00-05:00',
    '+010000-01-01',
    '10000-01-01',
    '-000001-01-01',
    '0000-01-01',
    '\u{16FE4}\u{16FE4}',
    '\u0301\u0308',
    '\uE000\u0378',
  ),
);
/** Bodies near the JSON limit: a long list, an object of many fields, a long text. */
const hugeBody = fc.constantFrom<unknown>(
  Array(200_000).fill(1),
  Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`f${i}`, i])),
  'x'.repeat(400_000),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53 + 1, 1e20, 1e308, -0, Number.MAX_SAFE_INTEGER, -1),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), hostileText), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 4 }),
);
const pathParam = fc.oneof(
  fc.constantFrom('1', '2', '3', '0', '-1', '01', '1e3', '%201', '9'.repeat(30), 'abc', '%00', '1.5'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

function bodyFor(r: RouteInfo): fc.Arbitrary<unknown> {
  const fields = entityOf(r.path)?.fields.map((f) => f.name) ?? [];
  const named = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), hostileValue, { maxKeys: fields.length })
    : fc.constant({});
  return fc.oneof(
    named,
    named.map((o) => [o, o]),
    fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 5 }),
    hostileValue,
    fc.constant(undefined),
    hugeBody,
  );
}

/** A file one row over the import's limit. */
const tooManyRows = ['username', ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `many${i}`)].join('\n');
/** What a cell of an imported file holds: hostile text, numbers of any kind, words a spreadsheet writes. */
const csvCell = fc.oneof(
  hostileText,
  fc.double().map(String),
  fc.constantFrom('TRUE', 'false', 'null', '#N/A', '=1+1'),
);
/** A CSV cell as a spreadsheet writes it: quoted, its quotes doubled. */
const cell = (v: unknown) => `"${String(v).replace(/"/g, '""')}"`;

/**
 * Files for an import route (`csv`): a header of the entity's field names or labels (an unknown column now and then)
 * over rows of hostile cells, and files refused whole (empty, not CSV, over the row limit, a bare header).
 */
function csvFor(r: RouteInfo): fc.Arbitrary<string> {
  const meta = entityOf(r.path);
  const names = [...(meta?.fields.flatMap((f) => [f.name, f.label.en]) ?? []), 'noSuchColumn'];
  const header = fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 6 });
  const file = header.chain((h) =>
    fc
      .array(fc.array(csvCell, { minLength: h.length, maxLength: h.length }), {
        minLength: 1,
        maxLength: 4,
      })
      .map((rows) => [h.map(cell), ...rows.map((row) => row.map(cell))].map((line) => line.join(',')).join('\n')),
  );
  return fc.oneof(
    file,
    fc.constantFrom('', 'username', 'username\n"never closed', '\uFEFF\n\n', tooManyRows),
    fc.string({ maxLength: 200 }),
  );
}

function queryFor(r: RouteInfo): fc.Arbitrary<Record<string, string>> {
  const meta = entityOf(r.path);
  // Range filters are read as <param>From / <param>To.
  const ranges = meta?.filters.filter((f) => f.op === 'range').flatMap((f) => [`${f.param}From`, `${f.param}To`]) ?? [];
  const names = [...(meta?.fields.map((f) => f.name) ?? []), ...ranges, 'ids', 'status', 'keyword', 'pageSize'];
  return fc.dictionary(fc.constantFrom(...names), hostileText, { maxKeys: 3 });
}

describe.each(dialects)('fuzzing every write route on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let routes: RouteInfo[];

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    // Logout only ends the caller's session: it takes no input.
    routes = registeredRoutes(s.built.app).filter((r) => r.write && r.path !== '/admin/logout');
  });
  afterAll(async () => s?.close());

  /** Rows per table: one query; any insert or delete shows, and any update leaves an audit row. */
  async function counts(): Promise<string> {
    const k = s.built.db.kysely;
    const parts = Object.values(tables).map((t) => `SELECT '${t}' AS t, COUNT(*) AS n FROM ${t}`);
    const rows = (await sql.raw<{ t: string; n: number }>(parts.join(' UNION ALL ')).execute(k)).rows;
    return rows.map((r) => `${r.t}=${r.n}`).join(',');
  }

  /** Once no job is queued or running. */
  async function idle(): Promise<void> {
    const busy = async () =>
      (
        await s.built.db.kysely
          .selectFrom(tables.job)
          .select('id')
          .where('status', 'in', [JobStatus.queued, JobStatus.running])
          .execute()
      ).length;
    while (await busy()) await new Promise((r) => setTimeout(r, 50));
  }

  it(`answers ${PER_ROUTE} hostile calls per write route with a clear envelope, storing nothing when refusing`, async () => {
    expect(routes.length).toBeGreaterThan(100);
    const seen = { calls: 0, refused: 0 };
    // The rows per table as the last call left them: a refused call leaves them as they were, so only an accepted
    // call needs a new count (one count a call, not two).
    let last = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((r) =>
          fc.record({
            r: fc.constant(r),
            param: pathParam,
            query: queryFor(r),
            body: bodyFor(r),
            // An import route takes a CSV file mostly, a JSON body now and then.
            csv: r.csv ? fc.option(csvFor(r), { freq: 4 }) : fc.constant(null),
          }),
        ),
        async ({ r, param, query, body: json, csv }) => {
          const path = r.path.replace(/:[^/]+/g, param).replace(/\*/g, 'x');
          const qs = new URLSearchParams(query).toString();
          const body = csv ?? json;
          const send = () =>
            s.fetch(`${s.base}${path}${qs ? `?${qs}` : ''}`, {
              method: r.method,
              headers: {
                authorization: `Bearer ${token}`,
                ...(body !== undefined && r.method !== 'GET'
                  ? { 'content-type': csv !== null ? 'text/csv' : 'application/json' }
                  : {}),
              },
              body: body !== undefined && r.method !== 'GET' ? (csv ?? JSON.stringify(body)) : undefined,
            });
          let res = await send();
          const text = await res.text();
          let env = JSON.parse(text) as { code: number; message: string };
          if (env.code === 401 && !r.public) {
            // An accepted call may end the admin's session (a role change): log in again and go on. The login is a
            // write of its own (the account's login time, audited): the call is measured from after it.
            token = await s.login('admin', 'admin123');
            last = await counts();
            res = await send();
            env = (await res.json()) as { code: number; message: string };
          }
          seen.calls++;
          const where = `${r.method} ${path}?${qs} ${(csv ?? JSON.stringify(body))?.slice(0, 200)} → ${env.code} ${env.message}`;
          expect(res.status, where).toBe(200);
          expect(typeof env.code, where).toBe('number');
          expect(typeof env.message === 'string' && env.message.length > 0, where).toBe(true);
          expect(env.message, where).not.toBe(Messages.failed);
          expect(LEAK.test(env.message), where).toBe(false);
          if (env.code !== 200) {
            seen.refused++;
            expect(await counts(), where).toBe(last);
          } else {
            // A background job queued by the call stores (or refuses) its rows later: counted once it has ended.
            await idle();
            last = await counts();
          }
        },
      ),
      { numRuns: routes.length * PER_ROUTE, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
    console.log(`fuzz on ${dialect}: ${routes.length} write routes, ${seen.calls} calls, ${seen.refused} refused`);
    expect(seen.refused).toBeGreaterThan(seen.calls / 2);
  }, 600_000);
});
