import { entities } from '../../../../generated/entities.js';
import {
  CHANGES_STREAM_PATH,
  MAX_WATCHED_ROWS,
  MAX_WATCHED_SINCE,
  ROW_PATTERN,
  SINCE_PATTERN,
  type LiveEventName,
} from '../../../shared/live-changes.js';
import { tokenFrom } from '../../core/auth.js';
import { bodyLimitOf } from '../../core/body.js';
import { ChangeFeed, readsEntity, type FeedStream } from '../../core/change-feed.js';
import { envelopeSchema, nullSchema } from '../../core/crud.js';
import { forbidden, unauthorized, validationFailed } from '../../core/envelope.js';
import type { Domain } from '../../context.js';

/** Tells the browser how long to wait before it reconnects by itself (the admin's reader has its own backoff). */
const RETRY_MS = 1000;

const list = (max: number) => ({ type: 'string', maxLength: max * 40 });

/** The stream's query, as its schema below checks it. */
type WatchQuery = { rows?: string; since?: string };

/** `order.12.3,…` and `order.1234,…` (shared/live-changes.ts) as the stream watches them; unknown entities refused. */
function parseWatch(query: WatchQuery) {
  const rows = new Map<string, Map<number, number>>();
  const since = new Map<string, number>();
  const bad = (field: string, item: string) => validationFailed({ [field]: `${item.slice(0, 80)} is not watchable` });
  const items = (text?: string) => (text ? text.split(',').filter(Boolean) : []);
  const rowItems = items(query.rows);
  const sinceItems = items(query.since);
  if (rowItems.length > MAX_WATCHED_ROWS) throw validationFailed({ rows: `at most ${MAX_WATCHED_ROWS} rows` });
  if (sinceItems.length > MAX_WATCHED_SINCE) throw validationFailed({ since: `at most ${MAX_WATCHED_SINCE} entities` });
  const rowRe = new RegExp(ROW_PATTERN);
  const sinceRe = new RegExp(SINCE_PATTERN);
  for (const item of rowItems) {
    const [name, id, version] = item.split('.');
    if (!rowRe.test(item) || !entities[name]) throw bad('rows', item);
    let versions = rows.get(name);
    if (!versions) rows.set(name, (versions = new Map()));
    versions.set(Number(id), Number(version));
  }
  for (const item of sinceItems) {
    const [name, from] = item.split('.');
    if (!sinceRe.test(item) || !entities[name]) throw bad('since', item);
    // -1: from the newest row when the stream opens.
    since.set(name, from === undefined ? -1 : Number(from));
  }
  return { rows, since };
}

/**
 * `GET /changes/stream`: server-sent events of the changes to the rows a tab shows (shared/live-changes.ts), fed by
 * core/change-feed. Any signed-in account may open it; what it carries is what the account's own resources and shops
 * let it read (an entity it may not read is left out, as `hello` says; an account that reads none is refused). The
 * token goes in the Authorization header as on every call (the admin reads the stream with fetch, not EventSource).
 * A server that stops taking connections (a shutdown) ends its streams, and the tabs reconnect to one still serving.
 */
export const changesDomain: Domain = (routes, { db, users, tokens, config, lifecycle }) => {
  const feed = new ChangeFeed(db, users, config.enforceResources, () => !lifecycle.closingConnections);
  routes.app.addHook('preClose', async () => feed.endAll());

  // Added to Fastify itself, not through ApiRoutes: its flag `anyAccount` (core/guard.ts) is this route's alone.
  routes.app.route<{ Querystring: WatchQuery }>({
    method: 'GET',
    url: CHANGES_STREAM_PATH,
    config: { public: false, write: false, generic: false, csv: false, anyAccount: true },
    bodyLimit: bodyLimitOf({}),
    schema: {
      summary: 'Server-sent events: changes to the watched rows, and new rows, the caller may read',
      querystring: {
        type: 'object',
        properties: { rows: list(MAX_WATCHED_ROWS), since: list(MAX_WATCHED_SINCE) },
        additionalProperties: false,
      },
      response: {
        200: {
          description:
            'text/event-stream: `hello` {since, rows}, `change` {entity, id, version}, `gone` {entity, id}, ' +
            '`new` {entity, ids, more}, `bye` (the server is closing: reconnect); a refusal is the JSON envelope',
          content: {
            'text/event-stream': { schema: { type: 'string' } },
            'application/json': { schema: envelopeSchema(nullSchema)[200] },
          },
        },
      },
    },
    handler: async (req, reply) => {
      const user = req.user;
      const claims = tokens.verify(tokenFrom(req.headers.authorization) ?? '');
      if (!user || !claims) throw unauthorized();
      if (!Object.keys(entities).some((name) => readsEntity(user, name, config.enforceResources))) throw forbidden();
      const watch = parseWatch(req.query);
      for (const map of [watch.rows, watch.since])
        for (const name of [...map.keys()]) if (!feed.readable(user, name)) map.delete(name);

      reply.hijack();
      const res = reply.raw;
      // The headers set so far (security headers, CORS), which writeHead merges with its own.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) res.setHeader(name, value);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and others would hold the events back to fill a buffer.
        'x-accel-buffering': 'no',
      });
      let open = true;
      const write = (text: string) => {
        if (open && !res.writableEnded) res.write(text);
      };
      const stream: FeedStream = {
        claims,
        user,
        rows: watch.rows,
        since: watch.since,
        lastNew: new Map(),
        send: (event: LiveEventName, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        beat: () => write(': keep-alive\n\n'),
        end: () => {
          if (!open) return;
          write('event: bye\ndata: null\n\n');
          open = false;
          res.end();
        },
      };
      res.on('close', () => {
        open = false;
        feed.close(stream);
      });
      write(`retry: ${RETRY_MS}\n\n`);
      await feed.open(stream).catch(() => stream.end());
      // The tab left while the stream was being opened.
      if (!open) feed.close(stream);
    },
  });
};
