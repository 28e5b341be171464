import { createHook } from 'node:async_hooks';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode, type Envelope } from '../../shared/envelope.js';
import { Messages } from '../../shared/messages.js';
import type { PressureConfig } from './config.js';
import { contextKey } from './context.js';

/** Milliseconds between two readings of the event-loop delay. */
const RESOLUTION = 10;

/**
 * The time this process spends running its background jobs' own code (ms, since the start). A job lets requests run
 * between its slices, so the delay and utilization it causes are its work, not an overload: the sample leaves them
 * out. Measured with async hooks around every callback of the job's asynchronous context, on only while a job runs
 * and a sample could not be judged without them (`measuring`): enabled, they cost every callback of the process a
 * call into JavaScript before and after it, the requests' too (about twice what a promise costs without them), and
 * a job's slices alone never come near the limits.
 */
let backgroundMs = 0;
const backgroundScope = contextKey<true>('background');
let backgroundSince = -1;
let backgroundRunning = 0;
/** Whether the jobs' time is measured (the last sample was over a limit with a job's time not measured in it). */
let measuring = false;
/** Times a job's time went unmeasured: it started, or measuring stopped, while it ran. */
let unmeasuredRuns = 0;
const backgroundHook = createHook({
  before() {
    if (backgroundScope.get()) backgroundSince = performance.now();
  },
  after() {
    if (backgroundSince >= 0 && backgroundScope.get()) endBackground();
  },
});
const endBackground = () => {
  backgroundMs += performance.now() - backgroundSince;
  backgroundSince = -1;
};

/** Measures the jobs' time from now on, or no longer (called between callbacks: none of a job's is under way). */
function measureBackground(on: boolean) {
  if (on === measuring) return;
  measuring = on;
  if (!backgroundRunning) return;
  if (!on) unmeasuredRuns++;
  if (on) backgroundHook.enable();
  else backgroundHook.disable();
}

/** Runs `work` (a background job: not a request) so that its time is not counted as load (see backgroundMs). */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  if (backgroundRunning++ === 0 && measuring) backgroundHook.enable();
  if (!measuring) unmeasuredRuns++;
  const start = performance.now();
  const running = backgroundScope.run(true, work);
  backgroundMs += performance.now() - start;
  return running.finally(() => {
    if (--backgroundRunning || !measuring) return;
    backgroundHook.disable();
    // Ended within one of its callbacks, whose end the hook no longer sees.
    if (backgroundSince >= 0) endBackground();
  });
}

/** What one sample measured (ms, 0..1, bytes), and its verdict. */
export interface PressureSample {
  eventLoopDelay: number;
  eventLoopUtilization: number;
  heapUsed: number;
  rss: number;
  overloaded: boolean;
}

/**
 * The process's load, sampled every `sampleInterval` ms from the moment the server is ready: the mean event-loop
 * delay (a reading every RESOLUTION ms) and the event-loop utilization over the sample, both without the background
 * jobs' own work, the V8 heap and the resident memory. The verdict holds until the next sample. The first sample is not judged: it counts the start's
 * own work (compiling, the first requests' warm-up), which no request waits behind once it is done.
 */
export class Pressure {
  /** Whether requests are refused now (the last sample's verdict). */
  overloaded = false;
  private timer?: NodeJS.Timeout;
  private ticker?: NodeJS.Timeout;
  private first = true;
  /** The readings of the sample so far: how many, and how late they were in all (ms). */
  private readings = 0;
  private late = 0;
  /** How late they were with the jobs' measured time left in. */
  private lateRaw = 0;
  /** unmeasuredRuns when this sample began, and whether a job's time went unmeasured then. */
  private unmeasuredRuns = 0;
  private runningUnmeasured = false;
  /** When the next reading is due, and backgroundMs at the last one. */
  private due = 0;
  private tickBackground = 0;
  private sampleBackground = 0;
  /** When this sample began: a reading late from before then was the last sample's. */
  private started = 0;
  private elu?: EventLoopUtilization;

  constructor(private readonly limits: PressureConfig) {}

  /** Whether any limit is set (else nothing is sampled). */
  get enabled(): boolean {
    const l = this.limits;
    return !!(l.maxEventLoopDelay || l.maxEventLoopUtilization || l.maxHeapUsedBytes || l.maxRssBytes);
  }

  start(): void {
    if (!this.enabled || this.timer) return;
    this.mark();
    this.tick();
    this.timer = setInterval(() => this.sample(), this.limits.sampleInterval).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.ticker);
    this.timer = this.ticker = undefined;
  }

  /**
   * One reading of the event-loop delay: how late this timer fires, less the background jobs' own time since the last
   * reading (a job's slice delays the reading after it by at most its length).
   */
  private readonly tick = () => {
    const now = performance.now();
    if (this.due) {
      this.late += Math.max(0, now - this.due - (backgroundMs - this.tickBackground));
      this.lateRaw += Math.max(0, now - this.due);
      this.readings++;
    }
    this.tickBackground = backgroundMs;
    this.due = now + RESOLUTION;
    this.ticker = setTimeout(this.tick, RESOLUTION).unref();
  };

  /** Measures the time since the last sample and gives the verdict (called by the timer; tests call it too). */
  sample(): PressureSample {
    const now = performance.now();
    // The loop held for the whole sample took no reading: the one under way is how late it is, counted from this
    // sample's start (the lateness before it was the last sample's verdict).
    const since = this.started > this.due;
    const pendingRaw = Math.max(0, now - (since ? this.started : this.due));
    const pending = Math.max(0, pendingRaw - (backgroundMs - (since ? this.sampleBackground : this.tickBackground)));
    const eventLoopDelay = this.readings ? this.late / this.readings : pending;
    const delayRaw = this.readings ? this.lateRaw / this.readings : pendingRaw;
    const own = backgroundMs - this.sampleBackground;
    const elu = performance.eventLoopUtilization(this.elu);
    const wall = elu.idle + elu.active;
    const eventLoopUtilization = wall ? Math.max(0, elu.active - own) / wall : 0;
    const { maxEventLoopDelay, maxEventLoopUtilization, maxHeapUsedBytes, maxRssBytes } = this.limits;
    const memory = maxHeapUsedBytes || maxRssBytes ? process.memoryUsage() : { heapUsed: 0, rss: 0 };
    const timeOver = (delay: number, utilization: number) =>
      (maxEventLoopDelay > 0 && delay > maxEventLoopDelay) ||
      (maxEventLoopUtilization > 0 && utilization > maxEventLoopUtilization);
    // Over with a job's time not measured in the sample: not judged (it may be the job's), measured from now on.
    // Under with the jobs' time left in: no measure is needed.
    const rawOver = timeOver(delayRaw, wall ? elu.active / wall : 0);
    const unmeasured = this.unmeasuredRuns !== unmeasuredRuns || this.runningUnmeasured;
    const judged = !(rawOver && unmeasured);
    measureBackground(rawOver);
    const over =
      (judged && timeOver(eventLoopDelay, eventLoopUtilization)) ||
      (maxHeapUsedBytes > 0 && memory.heapUsed > maxHeapUsedBytes) ||
      (maxRssBytes > 0 && memory.rss > maxRssBytes);
    this.overloaded = over && !this.first;
    this.first = false;
    this.mark();
    return { eventLoopDelay, eventLoopUtilization, heapUsed: memory.heapUsed, rss: memory.rss, overloaded: over };
  }

  private mark() {
    this.readings = this.late = this.lateRaw = 0;
    this.unmeasuredRuns = unmeasuredRuns;
    this.runningUnmeasured = backgroundRunning > 0 && !measuring;
    this.started = performance.now();
    this.sampleBackground = backgroundMs;
    this.elu = performance.eventLoopUtilization();
  }
}

/**
 * Back-pressure: while the last sample (Pressure) was past the configured limits, every request is answered 503 with
 * `Retry-After` at once, before routing, body parsing or any database call, instead of joining a queue that only
 * grows. API paths keep the `{code,message,data}` envelope (with HTTP 503, so a load balancer or client sees it
 * without reading the body); the UI gets plain text. The probes (`paths`: health, readiness, metrics) are always let
 * through: a load balancer must be able to tell a busy process from a dead one (readiness says it is overloaded), and
 * a scrape is what shows the overload.
 */
export function registerPressure(
  app: FastifyInstance,
  limits: PressureConfig,
  apiBase: string,
  paths: string[],
): Pressure {
  const pressure = new Pressure(limits);
  if (!pressure.enabled) return pressure;
  const exempt = new Set(paths);
  const busy = JSON.stringify({ code: ResultCode.FAILED, message: Messages.busy, data: null } satisfies Envelope);
  const isApi = (request: FastifyRequest) =>
    !apiBase || request.url === apiBase || request.url.startsWith(`${apiBase}/`);
  app.addHook('onReady', async () => pressure.start());
  app.addHook('onClose', async () => pressure.stop());
  app.addHook('onRequest', (request, reply, done) => {
    if (!pressure.overloaded || exempt.has(request.url.split('?', 1)[0])) return done();
    void reply.code(503).header('retry-after', String(limits.retryAfter)).header('cache-control', 'no-store');
    if (isApi(request)) void reply.type('application/json; charset=utf-8').send(busy);
    else void reply.type('text/plain; charset=utf-8').send(Messages.busy);
  });
  return pressure;
}
