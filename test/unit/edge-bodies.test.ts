/**
 * The edge's hooks (NUL and nesting guard, body fields joining the query) on bodies of every accepted type: a file's
 * bytes or a text are one value, checked at once, never walked or spread byte by byte; lists and objects are walked
 * once, one read per item. The real parsers and hooks on a bare Fastify, with probe routes that show what a handler
 * gets.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMIT, registerBodyParsers } from '../../src/server/core/body';
import { fileBody, withParametersBody } from '../../src/server/core/crud/bodies';
import { registerEdgeValidation } from '../../src/server/core/edge';
import { registerErrorHandler } from '../../src/server/core/errors';
import { inputProblem, refuseNul } from '../../src/server/core/input-guard';

/** Counts a value's reads: how many items a walk touched, and whether it listed keys. */
function counted<T extends object>(target: T) {
  const seen = { get: 0, ownKeys: 0 };
  const proxy = new Proxy(target, {
    get: (t, k, r) => {
      seen.get++;
      return Reflect.get(t, k, r);
    },
    ownKeys: (t) => {
      seen.ownKeys++;
      return Reflect.ownKeys(t);
    },
  });
  return { proxy, seen };
}

describe('edge hooks on large bodies', () => {
  let app: FastifyInstance;
  const csv = (body: Buffer) =>
    app.inject({ method: 'POST', url: '/import', headers: { 'content-type': 'text/csv' }, payload: body });

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    await registerBodyParsers(app);
    refuseNul(app);
    registerEdgeValidation(app);
    const seen = (req: { query: unknown; body: unknown }) => ({
      queryKeys: Object.keys(req.query as object).length,
      body: Buffer.isBuffer(req.body) ? `${req.body.length} bytes` : typeof req.body,
    });
    app.post('/import', {
      config: { csv: true },
      bodyLimit: IMPORT_LIMIT,
      schema: { body: fileBody('a CSV') },
      handler: async (req) => seen(req),
    });
    app.post('/params', {
      schema: withParametersBody({ querystring: { type: 'object', properties: { sort: { type: 'integer' } } } }),
      handler: async (req) => seen(req),
    });
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('never spreads a CSV file into the query', async () => {
    const file = Buffer.from('name,sort\n'.repeat(100_000));
    expect((await csv(file)).json()).toEqual({ queryKeys: 0, body: `${file.length} bytes` });
    // At the import limit: still one value.
    const big = Buffer.alloc(IMPORT_LIMIT - 1024, 'a,1\n');
    expect((await csv(big)).json()).toEqual({ queryKeys: 0, body: `${big.length} bytes` });
  });

  it('finds a NUL in a file with one search, as in a text', async () => {
    const file = Buffer.concat([Buffer.alloc(20 * 1024 * 1024, 'a,1\n'), Buffer.from('b\u0000,2\n')]);
    expect((await csv(file)).json()).toMatchObject({
      code: 404,
      message: 'Validation Failed: body: must not contain NUL characters',
    });
    expect(inputProblem(file)).toEqual({ at: '', message: 'must not contain NUL characters' });
    expect(inputProblem(`${'x'.repeat(20 * 1024 * 1024)}\u0000`)).toMatchObject({ at: '' });
    expect(inputProblem(new Uint8Array(1024))).toMatchObject({ at: '' });
  });

  it('joins a form or a JSON object to the query, never a list or a text', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/params',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'sort=3',
    });
    expect(form.json()).toEqual({ queryKeys: 1, body: 'object' });
    for (const payload of [JSON.stringify(Array(200_000).fill(1)), JSON.stringify('x'.repeat(500_000))]) {
      const res = await app.inject({
        method: 'POST',
        url: '/params',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.json()).toMatchObject({ queryKeys: 0 });
    }
  });

  it('walks a list of 2 million items once, one read each, and names where a NUL is', () => {
    const list = Array.from({ length: 2_000_000 }, (_, i) => i);
    const { proxy, seen } = counted(list);
    expect(inputProblem({ ids: proxy })).toBeNull();
    expect(seen.ownKeys).toBe(0);
    expect(seen.get).toBeLessThanOrEqual(list.length + 2);
    list[list.length - 1] = 'a\u0000' as unknown as number;
    expect(inputProblem({ ids: list })).toEqual({ at: 'ids.1999999', message: 'must not contain NUL characters' });
  });

  it('walks an object of many fields once, one read each', () => {
    const fields = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`f${i}`, 'text']));
    const { proxy, seen } = counted(fields);
    expect(inputProblem(proxy)).toBeNull();
    expect(seen.ownKeys).toBe(1);
    expect(seen.get).toBeLessThanOrEqual(200_000 + 2);
  });
});

describe('edge validation', () => {
  it('refuses at start a route schema none of its checkers reads, rather than a second validator', async () => {
    const app = Fastify();
    registerEdgeValidation(app);
    app.post('/lines', { schema: { body: { type: 'array' } }, handler: async () => 'ok' });
    await expect(app.ready()).rejects.toThrow('POST /lines: the edge cannot check this body schema');
    await app.close().catch(() => undefined);
  });
});
