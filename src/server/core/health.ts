import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db.js';
import type { Pressure } from './pressure.js';

/** What readiness depends on besides the database answering: set by the start and by the shutdown. */
export interface Lifecycle {
  /** Migrations applied and the schema check passed. */
  migrated: boolean;
  /** A shutdown began: load balancers must stop sending traffic here. */
  shuttingDown: boolean;
  /** Later in a shutdown (no process listens any more): each answer ends its connection. */
  closingConnections: boolean;
  /**
   * A worker of `WORKERS=N` running a background job while another runs none (told by its primary): each answer ends
   * its connection, so the client's next one goes to the free worker and the job keeps this event loop.
   */
  shedding?: boolean;
  /**
   * While set (a shutdown taking in the connections still waiting to be accepted), requests wait for it before any
   * work: a turn of the event loop, which takes in one waiting connection, is then short.
   */
  held?: Promise<void>;
}

/**
 * `GET <apiBase>/health` (liveness: the process answers, no database call) and `GET <apiBase>/ready` (database
 * reachable, migrations applied, not shutting down, not refusing requests under back-pressure). Load balancers read the HTTP status (200 / 503), so these
 * two answer plain JSON outside the `{code,message,data}` envelope. Registered on the root instance, outside the
 * API scope: no token, no audit, no body parsing.
 */
export function registerHealth(
  app: FastifyInstance,
  apiBase: string,
  db: Db,
  state: Lifecycle,
  pressure: Pick<Pressure, 'overloaded'>,
): void {
  // Each answer ends its keep-alive connection (in-flight ones too): the client then opens a new connection, which
  // is refused (or, shedding, taken by another worker), instead of reusing one the server may close under a request
  // it just sent.
  app.addHook('onSend', async (_request, reply) => {
    if (state.closingConnections || state.shedding) reply.header('connection', 'close');
  });
  const healthPath = `${apiBase}/health`;
  const readyPath = `${apiBase}/ready`;
  app.addHook('onRequest', async (request) => {
    if (state.held && request.url !== healthPath && request.url !== readyPath) await state.held;
  });
  const noStore = { 'cache-control': 'no-store' };
  app.get(healthPath, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get(readyPath, async (_request, reply) => {
    const checks = {
      database: false,
      migrations: state.migrated,
      shuttingDown: state.shuttingDown,
      overloaded: pressure.overloaded,
    };
    if (!state.shuttingDown) {
      try {
        await sql`SELECT 1`.execute(db.kysely);
        checks.database = true;
      } catch {
        /* reported below as database: false */
      }
    }
    const ready = checks.database && checks.migrations && !checks.shuttingDown && !checks.overloaded;
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'unavailable', ...checks });
  });
}
