import type { FastifyInstance, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { ResultCode, type Envelope } from '../../shared/envelope.js';
import { Messages } from '../../shared/messages.js';
import type { PressureConfig } from './config.js';

/**
 * Back-pressure (@fastify/under-pressure): while the event loop lags past the configured limits (or the heap / RSS
 * grow past theirs), every request is answered 503 with `Retry-After` at once, before routing, body parsing or any
 * database call, instead of joining a queue that only grows. API paths keep the `{code,message,data}` envelope (with
 * HTTP 503, so a load balancer or client sees it without reading the body); the UI gets plain text. The probes
 * (`paths`: health, readiness, metrics) are always let through: a load balancer must be able to tell a busy process
 * from a dead one, and a scrape is what shows the overload.
 */
export async function registerPressure(
  app: FastifyInstance,
  limits: PressureConfig,
  apiBase: string,
  paths: string[],
): Promise<void> {
  const exempt = new Set(paths);
  const busy = JSON.stringify({ code: ResultCode.FAILED, message: Messages.busy, data: null } satisfies Envelope);
  const isApi = (request: FastifyRequest) =>
    !apiBase || request.url === apiBase || request.url.startsWith(`${apiBase}/`);
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelay,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    // The last sample only: "cumulative" would average since the start and never see a fresh overload.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    maxRssBytes: limits.maxRssBytes,
    sampleInterval: limits.sampleInterval,
    retryAfter: limits.retryAfter,
    pressureHandler: (request, reply) => {
      if (exempt.has(request.url.split('?', 1)[0])) return; // undefined: the request goes on
      void reply.code(503).header('retry-after', String(limits.retryAfter)).header('cache-control', 'no-store');
      if (isApi(request)) {
        void reply.type('application/json; charset=utf-8');
        return busy as unknown as void; // a value: the plugin sends it
      }
      void reply.type('text/plain; charset=utf-8');
      return Messages.busy as unknown as void;
    },
  });
}
