/**
 * Liveness and readiness for load balancers: `GET /api/health` and `GET /api/ready` answer without a token, with
 * plain JSON and HTTP status codes (outside the envelope), and leave no audit row. Other unknown API paths keep the
 * routeNotFound envelope.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('health and readiness on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ dialect });
  });
  afterAll(async () => s?.close());

  const get = async (path: string) => {
    const res = await fetch(`${s.url}${path}`);
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: JSON.parse(text) };
  };
  const auditRows = async () =>
    Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ums_audit_log`.execute(s.built.db.kysely)).rows[0].n);

  it('answers liveness with 200 and no token', async () => {
    const r = await get('/api/health');
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/application\/json/);
    expect(r.body).toEqual({ status: 'ok' });
  });

  it('answers readiness with 200 while the database answers and the migrations are applied', async () => {
    const before = await auditRows();
    const r = await get('/api/ready');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ready',
      database: true,
      migrations: true,
      shuttingDown: false,
      overloaded: false,
    });
    expect(await auditRows()).toBe(before);
  });

  it('answers readiness with 503 once a shutdown began, liveness still 200', async () => {
    s.built.lifecycle.shuttingDown = true;
    try {
      const r = await get('/api/ready');
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ status: 'unavailable', shuttingDown: true });
      expect((await get('/api/health')).status).toBe(200);
    } finally {
      s.built.lifecycle.shuttingDown = false;
    }
  });

  it('keeps the routeNotFound envelope for other unknown API paths', async () => {
    for (const path of ['/api/healthz', '/api/health/x', '/api/readiness']) {
      const r = await get(path);
      expect(r.body.message, path).toBe(Messages.routeNotFound);
    }
  });
});
