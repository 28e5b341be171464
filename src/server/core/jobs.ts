/**
 * Background jobs: CSV imports and exports run off the request path, on the main thread in small batches that each
 * end with a turn of the event loop, so a 100,000-row file never holds other requests for more than one batch.
 * The job row (`job` schema) is the queue, the progress and the result; any process sharing the database may run
 * a job, and exactly one claims it (`UPDATE … WHERE status = queued`; on PostgreSQL the oldest queued row is picked
 * `FOR UPDATE SKIP LOCKED`, so two claimants take two jobs instead of waiting on one). A running job's row is its
 * lease, touched while it runs: one left untouched for a lease was left by a dead process, and is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import { tables, type Database } from '../../../generated/database.js';
import type { EntityName } from '../../../generated/entities.js';
import { JobKind, JobStatus } from '../../../generated/enums.js';
import type { Lang } from '../../shared/entity-meta.js';
import type { AuthUser } from './auth.js';
import type { AuthUsers } from './auth-users.js';
import { DEFAULT_JOB_LEASE } from './config.js';
import { auditedAs, auditedRequest, outsideRequest } from './audit.js';
import { inBackground } from './pressure.js';
import type { Row } from './db.js';
import { ApiError, validationFailed } from './envelope.js';
import { csvStream, exportBatches } from './crud/export.js';
import type { ListQuery } from './crud/filters.js';
import { importCsv, type ImportReport, type Staged } from './crud/import.js';
import { getRecord, listPage, type CrudContext } from './crud/reads.js';
import type { WriteOrigin } from './crud/records.js';
import { runtime, type EntityRuntime } from './crud/runtime.js';

export interface JobsConfig {
  /** Where finished exports are kept (`<dataDir>/exports`). */
  dir: string;
  /** Milliseconds between two looks for queued jobs (a job queued by this process starts at once). */
  poll: number;
  /** How long an export's file is kept (ms). */
  keep: number;
  /** Rows a job handles (an import checks, an export reads) between two progress reports and turns of the event loop. */
  batch: number;
  /** Jobs one process runs at a time: an export does not wait for a long import to end. */
  lanes: number;
  /** Milliseconds to rest after each batch (0: one turn of the event loop). */
  rest: number;
  /** Milliseconds of work after which an import lets requests run, within a batch too. */
  slice: number;
  /**
   * Milliseconds a running job's row stays its runner's without being touched (it is touched six times a lease):
   * past it, the runner is taken for dead and any process takes the job over (default DEFAULT_JOB_LEASE).
   */
  lease?: number;
  /** This process is one of several workers on the same database (WORKERS > 1; on PostgreSQL others always may be). */
  shared?: boolean;
}

const SWEEP_MS = 60 * 60_000;
/**
 * What an import weighs beside an export, for where new connections go: it writes (on SQLite it takes the write lock's
 * turns between the requests' own), and a seller waits for its rows; an export only reads.
 */
const IMPORT_WEIGHT = 2;
/** The least time between two notes of a job's progress (ms). */
const PROGRESS_MS = 250;
const TOO_LATE = 'Too late: the rows are being stored';

/** The longest an import runs on before it lets requests run, however long they ran before (ms). */
const MAX_TURN = 40;

/**
 * An import's turns on the event loop it shares with requests: once it has let them run, it goes on for as long as
 * they ran (their busy time, from the loop's utilization: at least `slice`, at most MAX_TURN ms) before it lets them
 * run again. Under load it so keeps about half of its process's loop, where a turn of the event loop after each slice
 * left it what dozens of requests left (6 % of its idle rate); on an idle loop the others run for no time, and it
 * yields after each `slice` as before. Its own time is wall-clock time: on PostgreSQL, waits for the database count
 * as its own (it yields sooner).
 */
class FairShare {
  private since = performance.now();
  private turn: number;

  constructor(private readonly slice: number) {
    this.turn = slice;
  }

  /** Lets requests run once this turn is spent (through `pause`, at once: a configured rest after each batch). */
  async yield(pause?: () => Promise<unknown>): Promise<void> {
    if (!pause && performance.now() - this.since < this.turn) return;
    const before = performance.eventLoopUtilization();
    await (pause ?? nextTurn)();
    const others = performance.eventLoopUtilization(before).active;
    this.turn = Math.min(MAX_TURN, Math.max(this.slice, others));
    this.since = performance.now();
  }
}

class Cancelled extends Error {}
class Stopping extends Error {}
/** Another process took the job over (this one was thought dead): it stores the rest. */
class Lost extends Error {}

/** How a job run ended: its result, or what it threw (the synchronous import answers either). */
type Outcome = { result: object } | { error: unknown };

const now = () => new Date().toISOString();
const parsed = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;

/**
 * What the jobs domain decides for the runner (domains/jobs): `admit` runs in the transaction that queues a job and
 * may refuse it (throws: a quota, the disk floor) and says the shops its rows may be of (`shops`, kept in its
 * parameters; null: every shop) and the one shop it is of, if so (`shopId`); `writing` is asked before each batch of an
 * export's file and may stop it (throws: the disk floor), the job then failing with its message.
 */
export interface JobPolicy {
  admit(
    trx: Transaction<Database>,
    job: { kind: JobKind; entity: string; user: AuthUser },
  ): Promise<{ shopId: number | null; shops: number[] | null }>;
  writing(): void;
}

type JobRow = {
  id: number | string;
  kind: string;
  entity: string;
  admin_id: number | null;
  params?: unknown;
  total?: number | string | null;
  /** The claim: bumped by each claim and each note of what an import stored, which checks it (one runner only). */
  row_version: number | string;
};

/**
 * An ended job's file (an import's CSV), no longer needed. It has a table of its own: the job's row is rewritten by
 * every note of its progress, lease and staging, and SQLite rewrites a row whole (a 12 MB file each time).
 */
const dropInput = (db: Kysely<any>, id: number) => db.deleteFrom(tables.jobInput).where('job_id', '=', id).execute();

/**
 * An import is storing its rows once all passed (`done` reached `total`): from then on it is completed, never
 * cancelled, and a run stopped midway is resumed (core/crud/import.ts, `Staged`).
 */
const storingImport = (eb: any) =>
  eb.and([eb('kind', '=', JobKind.import), eb('total', 'is not', null), eb('done', '>=', eb.ref('total'))]);

export class JobRunner {
  private timers: NodeJS.Timeout[] = [];
  /** The lanes running jobs now (at most `config.lanes`). */
  private readonly lanes = new Set<Promise<void>>();
  /** Synchronous imports running now (`importNow`), outside the lanes. */
  private readonly inline = new Set<Promise<unknown>>();
  private again = false;
  private stopping = false;
  /**
   * Told what the jobs this process runs weigh (an export 1, an import IMPORT_WEIGHT; 0: none), whenever that changes:
   * workers.ts hands new connections to the worker whose jobs weigh least.
   */
  onRunning?: (running: number) => void;
  /**
   * Another worker process of this host runs no job (workers.ts): this one, running or claiming one, leaves the queue
   * to it (it looks within `poll` ms), so two jobs do not share one event loop while another process has none.
   */
  othersFree = false;
  private running = 0;
  /** Lanes asking the queue for a job now. */
  private claiming = 0;
  /** When each running job's progress was last noted (performance.now()). */
  private readonly noted = new Map<number, number>();
  /** A running job's note of its progress still under way (it waits for the write lock's turn; the job goes on). */
  private readonly notes = new Map<number, Promise<void>>();
  /** When this process last looked for jobs a dead one left running (performance.now()). */
  private recovered = -Infinity;
  /** Told the number of queued and running jobs by kind after each look (the metrics' `jobs` gauge). */
  onCounts?: (counts: { kind: string; state: 'queued' | 'running'; n: number }[]) => void;
  /** Set by the jobs domain at start-up. */
  policy?: JobPolicy;

  constructor(
    private crud: CrudContext,
    private users: AuthUsers,
    private config: JobsConfig,
  ) {}

  private get db() {
    return this.crud.db;
  }

  private ownCrud?: CrudContext;

  /**
   * What the runner works with: on PostgreSQL, connections of its own (core/db.ts `background`), so a job's many
   * statements do not queue behind the requests' in their pool; on SQLite the one connection.
   */
  private get work(): CrudContext {
    const own = this.crud.db.background;
    return own ? (this.ownCrud ??= { ...this.crud, db: own }) : this.crud;
  }

  private get lease() {
    return this.config.lease ?? DEFAULT_JOB_LEASE;
  }

  /** Takes back the jobs a dead process left running, removes old exports, then looks for work every `poll` ms. */
  async start(): Promise<void> {
    fs.mkdirSync(this.config.dir, { recursive: true });
    // Another process may be running a job (another worker, host or process on the same file): only one whose lease
    // ran out was left by a dead one, this file's previous server included.
    await this.recover();
    this.sweep();
    this.timers.push(
      setInterval(() => this.kick(), this.config.poll).unref(),
      setInterval(() => this.sweep(), SWEEP_MS).unref(),
    );
    this.kick();
  }

  /** Lets the running batch finish, puts its job back in the queue (another process or the next start runs it). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.timers.forEach(clearInterval);
    await Promise.all([...this.lanes, ...this.inline]);
  }

  /** Looks for queued jobs now (outside the calling request: the jobs' writes are not that request's). */
  kick(): void {
    if (this.stopping) return;
    // Every lane busy: the first to finish looks again.
    if (this.lanes.size >= this.config.lanes) {
      this.again = true;
      return;
    }
    // A job's own work is not load that should make the process refuse requests (core/pressure.ts).
    const lane: Promise<void> = outsideRequest(() => inBackground(() => this.drain()))
      .catch((e) => console.error('jobs:', e))
      .finally(() => {
        this.lanes.delete(lane);
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
    this.lanes.add(lane);
  }

  /** Queues an import of a CSV file (checked as the synchronous import checks it, once the job runs). */
  async startImport(rt: EntityRuntime, file: unknown, user: AuthUser, origin: WriteOrigin): Promise<Row> {
    const bytes = typeof file === 'string' ? Buffer.from(file) : Buffer.isBuffer(file) ? file : undefined;
    if (!bytes?.length) throw validationFailed({ body: 'send the CSV file as text/csv' });
    // Kept as base64: a cell that is not UTF-8 is refused by its row and column when the job runs, as it is now.
    return this.enqueue(JobKind.import, rt, user, { origin }, bytes.toString('base64'));
  }

  /**
   * The synchronous import (`POST <path>/import`): a job of its own, run now, outside the lanes, paced as every job
   * (it never holds the event loop across batches) and resumed like one if the server stops while it stores; the
   * request answers its report, or its refusal. Its rows are on the audit trail under the request's call.
   */
  async importNow(rt: EntityRuntime, file: unknown, user: AuthUser, origin: WriteOrigin): Promise<ImportReport> {
    const bytes = typeof file === 'string' ? Buffer.from(file) : Buffer.isBuffer(file) ? file : undefined;
    if (!bytes?.length) throw validationFailed({ body: 'send the CSV file as text/csv' });
    const url = auditedRequest()?.url.split('?')[0];
    // The job's row is the runner's bookkeeping, off the audit trail (the rows it stores are on it).
    const job = await outsideRequest(() =>
      this.insertJob(JobKind.import, rt, user, { origin, url }, bytes.toString('base64'), true),
    );
    const running = outsideRequest(() => this.run(job));
    this.inline.add(running);
    const outcome = await running.finally(() => this.inline.delete(running));
    if ('result' in outcome) return outcome.result as ImportReport;
    const e = outcome.error;
    if (e instanceof Stopping || e instanceof Lost)
      throw new ApiError(500, `The server is stopping: the import goes on as job ${job.id} when it starts again`);
    // Refused (or cancelled): nothing was stored, and the answer says why; the job's row would be the only trace.
    await outsideRequest(() => this.db.kysely.deleteFrom(tables.job).where('id', '=', Number(job.id)).execute());
    this.changed();
    if (e instanceof Cancelled) throw new ApiError(500, 'The import was cancelled');
    throw e;
  }

  /** Queues an export of what the list's filters select (refused now when a filter is). */
  async startExport(rt: EntityRuntime, query: ListQuery, user: AuthUser): Promise<Row> {
    const { lang, ...filters } = query;
    void exportBatches(this.crud, rt, filters, user); // builds the conditions: a bad filter is refused here
    return this.enqueue(JobKind.export, rt, user, { query: filters, lang: lang === 'zh' ? 'zh' : 'en' });
  }

  /**
   * Cancels a queued or running job (a running one stops after its batch); answers whether it was. An import storing
   * its rows is not cancelled: it is completed (all or none), so the call is refused.
   */
  async cancel(id: number): Promise<boolean> {
    // The file goes with the status change, in one transaction: an ended job is never seen with its file.
    const cancelled = await this.db.kysely.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable(tables.job)
        .set({ status: JobStatus.cancelled, finish_time: now() })
        .where('id', '=', id)
        .where('status', 'in', [JobStatus.queued, JobStatus.running])
        .where((eb) => eb.not(storingImport(eb)))
        .executeTakeFirst();
      if (Number(numUpdatedRows) > 0) await dropInput(trx, id);
      return Number(numUpdatedRows) > 0;
    });
    this.changed();
    if (cancelled) return true;
    const storing = await this.db.kysely
      .selectFrom(tables.job)
      .select('id')
      .where('id', '=', id)
      .where('status', 'in', [JobStatus.queued, JobStatus.running])
      .where(storingImport)
      .executeTakeFirst();
    if (storing) throw new ApiError(500, TOO_LATE);
    return false;
  }

  /** The file of a finished export. */
  file(id: number): string {
    return path.join(this.config.dir, `job-${id}.csv`);
  }

  private async enqueue(kind: JobKind, rt: EntityRuntime, user: AuthUser, params: object, input?: string) {
    const { id } = await this.insertJob(kind, rt, user, params, input);
    this.kick();
    return getRecord(this.crud, runtime('job'), Number(id));
  }

  /** A job's row, admitted by the policy: queued, or (`running`) claimed by this process to run now. */
  private async insertJob(
    kind: JobKind,
    rt: EntityRuntime,
    user: AuthUser,
    params: object,
    input?: string,
    running = false,
  ): Promise<JobRow> {
    const at = now();
    const job = await this.db.kysely.transaction().execute(async (trx) => {
      const admitted = await this.policy?.admit(trx, { kind, entity: rt.meta.name, user });
      const row = await trx
        .insertInto(tables.job)
        .values({
          kind,
          entity: rt.meta.name,
          status: running ? JobStatus.running : JobStatus.queued,
          done: 0,
          params: JSON.stringify(admitted ? { ...params, shops: admitted.shops } : params),
          admin_id: user.id,
          username: user.username,
          shop_id: admitted?.shopId ?? null,
          create_time: at,
          start_time: running ? at : null,
          update_time: at,
        })
        .returning(['id', 'kind', 'entity', 'admin_id', 'params', 'total', 'row_version'])
        .executeTakeFirstOrThrow();
      if (input !== undefined) await trx.insertInto(tables.jobInput).values({ job_id: row.id, input }).execute();
      return row;
    });
    this.changed();
    return job as JobRow;
  }

  /** Job rows changed: cached list totals of jobs are dropped. */
  private changed() {
    this.db.hooks.emit(tables.job);
  }

  private async drain(): Promise<void> {
    // A job is left by a dead process only once its lease has run out: looking every `poll` ms was two writes a second
    // for each worker, and on SQLite every write waits for its turn of the lock (a busy worker's turn holds the import).
    if (performance.now() - this.recovered >= this.lease / 4) await this.recover();
    for (;;) {
      if (this.stopping) return;
      if (this.othersFree && (this.running || this.claiming)) return;
      // Claiming until the job counts as running (run() counts it before its first await).
      this.claiming++;
      let job: JobRow | undefined;
      try {
        job = await this.claim();
      } finally {
        if (!job) this.claiming--;
      }
      const running = job && this.run(job);
      if (job) this.claiming--;
      await this.count();
      if (!running) return;
      await running;
    }
  }

  /**
   * The oldest queued job, now running here; undefined when none is (or another process took it first). PostgreSQL
   * skips a queued row another claim has locked and takes the next one.
   */
  private async claim(): Promise<JobRow | undefined> {
    // A read first: most looks find nothing, and a read takes no turn of SQLite's write lock.
    const queued = await this.work.db.kysely
      .selectFrom(tables.job)
      .select('id')
      .where('status', '=', JobStatus.queued)
      .limit(1)
      .executeTakeFirst();
    if (!queued) return undefined;
    const at = now();
    const pg = this.work.db.dialect === 'postgres';
    const job = await this.work.db.kysely
      .updateTable(tables.job)
      .set((eb) => ({
        status: JobStatus.running,
        start_time: at,
        update_time: at,
        row_version: eb('row_version', '+', 1),
      }))
      .where('status', '=', JobStatus.queued)
      .where('id', '=', (eb) => {
        const oldest = eb
          .selectFrom(tables.job)
          .select('id')
          .where('status', '=', JobStatus.queued)
          .orderBy('id')
          .limit(1);
        return pg ? oldest.forUpdate().skipLocked() : oldest;
      })
      .returning(['id', 'kind', 'entity', 'admin_id', 'params', 'total', 'row_version'])
      .executeTakeFirst();
    if (job) this.changed();
    return job as JobRow | undefined;
  }

  private async run(job: JobRow): Promise<Outcome> {
    const weight = job.kind === JobKind.import ? IMPORT_WEIGHT : 1;
    this.onRunning?.((this.running += weight));
    try {
      return await this.runJob(job);
    } finally {
      this.onRunning?.((this.running -= weight));
    }
  }

  private async runJob(job: JobRow): Promise<Outcome> {
    const id = Number(job.id);
    let file: string | undefined;
    const params = parsed(job.params);
    // The claim this run holds; what an earlier run of an import stored (it then stores the rest).
    const claim = { version: Number(job.row_version), storing: !!params.staged };
    const heartbeat = setInterval(() => void this.touch(id, claim), this.lease / 6).unref();
    try {
      const user = job.admin_id === null ? null : await this.users.current(Number(job.admin_id));
      if (!user) throw new ApiError(500, 'The account that started the job is disabled');
      const rt = runtime(job.entity as EntityName);
      let result: object;
      if (job.kind === JobKind.import) {
        const origin = (params.origin ?? {}) as WriteOrigin;
        const stored = await this.work.db.kysely
          .selectFrom(tables.jobInput)
          .select('input')
          .where('job_id', '=', id)
          .executeTakeFirst();
        const bytes = Buffer.from(stored?.input ?? '', 'base64');
        const url = typeof params.url === 'string' ? params.url : `/job/${id}`;
        const actor = { user: { id: user.id, username: user.username }, ip: origin.ip ?? '', url };
        const resume = params.staged as Staged | undefined;
        const note = (staged: Staged) => outsideRequest(() => this.stage(id, params, staged, claim));
        const share = new FairShare(this.config.slice);
        const turn = () => share.yield();
        // After a batch: the configured rest, else a turn when this one is spent.
        const rest = this.config.rest;
        const batchEnd = () => share.yield(rest ? () => sleep(rest) : undefined);
        result = await auditedAs(actor, () =>
          importCsv(this.work.db, rt, bytes, user, origin, {
            batch: this.config.batch,
            slice: this.config.slice,
            rest: turn,
            // A resumed import keeps its progress at the end: its rows are being stored (no cancel).
            between: (done, total) =>
              outsideRequest(() =>
                resume ? this.progress(id, total, total, batchEnd) : this.progress(id, done, total, batchEnd),
              ),
            // Every row passed: from now on the import is completed, not cancelled (`storingImport`).
            beginStoring: async () => {
              await note(resume ?? { stored: 0, ids: [] });
              claim.storing = true;
            },
            // Inside a batch's transaction: no statement of ours but the note of what it stored (on SQLite any
            // other would wait for that very transaction).
            storing: turn,
            staged: (trx, staged) => this.stageIn(trx, id, params, staged, claim),
            next: async () => {
              if (this.stopping) throw new Stopping();
              await batchEnd();
            },
            undoing: note,
            resume,
          }),
        );
      } else {
        file = this.file(id);
        result = await this.exportTo(id, file, rt, user, params.query as ListQuery, params.lang as Lang);
      }
      await this.end(id, claim, JobStatus.done, { result: JSON.stringify(result) });
      return { result };
    } catch (e) {
      if (file) fs.rmSync(file, { force: true });
      if (e instanceof Cancelled || e instanceof Lost) return { error: e };
      if (e instanceof Stopping) {
        // Back in the queue; an import that began storing keeps its progress and staging record (resumed).
        await this.notes.get(id);
        await this.work.db.kysely
          .updateTable(tables.job)
          .set((eb) => ({
            status: JobStatus.queued,
            start_time: null,
            update_time: now(),
            row_version: eb('row_version', '+', 1),
            ...(claim.storing ? {} : { done: 0 }),
          }))
          .where('id', '=', id)
          .where('status', '=', JobStatus.running)
          .execute();
        return { error: e };
      }
      if (!(e instanceof ApiError)) console.error(`job ${id}:`, e);
      const message = e instanceof ApiError ? e.message : 'The job failed (see the server log)';
      const data = e instanceof ApiError && e.data ? JSON.stringify(e.data) : null;
      await this.end(id, claim, JobStatus.failed, { error: message.slice(0, 2000), result: data });
      return { error: e };
    } finally {
      clearInterval(heartbeat);
      await this.notes.get(id);
      this.noted.delete(id);
      this.changed();
    }
  }

  /**
   * Notes an import's staging record (what it stored, or that it removes it) on its job, outside its batches: the
   * progress shows every row done, so a cancel is refused from now on. Throws Cancelled when a cancel came first.
   */
  private async stage(id: number, params: Row, staged: Staged, claim: { version: number }): Promise<void> {
    // After the last note of its checks, which would set its progress back.
    await this.notes.get(id);
    const row = await this.work.db.kysely
      .updateTable(tables.job)
      .set((eb) => ({
        params: JSON.stringify({ ...params, staged }),
        done: eb.ref('total'),
        update_time: now(),
        row_version: eb('row_version', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '=', JobStatus.running)
      .where('row_version', '=', claim.version)
      .returning('row_version')
      .executeTakeFirst();
    if (!row) {
      const job = await this.work.db.kysely
        .selectFrom(tables.job)
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      throw Number(job?.status) === JobStatus.cancelled ? new Cancelled() : new Lost();
    }
    claim.version = Number(row.row_version);
  }

  /**
   * The same note inside a batch's transaction, committed with its rows: a run stopped after it resumes after them,
   * and two runners never store the same batch (the claim's version is checked; PostgreSQL makes the second wait).
   * Raw SQL, off the audit trail: the job's bookkeeping is not the starter's change.
   */
  private async stageIn(
    trx: Transaction<Database>,
    id: number,
    params: Row,
    staged: Staged,
    claim: { version: number },
  ) {
    const json = JSON.stringify({ ...params, staged });
    const value = this.work.db.dialect === 'postgres' ? sql`CAST(${json} AS jsonb)` : sql`${json}`;
    const { numAffectedRows } = await sql`UPDATE ${sql.table(tables.job)} SET params = ${value}, update_time = ${now()},
      row_version = row_version + 1 WHERE id = ${id} AND status = ${JobStatus.running} AND row_version = ${claim.version}`.execute(
      trx,
    );
    if (!Number(numAffectedRows)) throw new Lost();
    claim.version += 1;
  }

  private async exportTo(id: number, file: string, rt: EntityRuntime, user: AuthUser, query: ListQuery, lang: Lang) {
    const count = await listPage(this.work, rt, { ...query, pageNum: 1, pageSize: 1 }, user);
    const total = count.totalExact === false ? null : count.total;
    let done = 0;
    // A batch is one synchronous read on SQLite: a job's are the import's size, short beside requests.
    const batches = exportBatches(this.work, rt, query, user, this.config.batch);
    const progress = (n: number) => this.progress(id, (done += n), total);
    const policy = this.policy;
    const paced = (async function* () {
      for await (const batch of batches) {
        policy?.writing();
        yield batch;
        await progress(batch.rows.length);
      }
    })();
    await pipeline(csvStream(rt, paced, lang), fs.createWriteStream(file));
    await this.progress(id, done, total, async () => {}, true);
    return { file: `${rt.meta.name}-${now().slice(0, 10).replace(/-/g, '')}.csv`, rows: done };
  }

  /**
   * Notes the progress (at most every PROGRESS_MS, and `final`ly); throws when the job was cancelled or the server is
   * stopping; then lets others run (`turn`: an import's share of the event loop; an export lets them run after each
   * batch).
   */
  private async progress(
    id: number,
    done: number,
    total: number | null,
    turn: () => Promise<void> = () => (this.config.rest ? sleep(this.config.rest) : nextTurn()),
    final = false,
  ): Promise<void> {
    // Between two notes, while one is under way, or while another job's transaction holds SQLite's one connection:
    // only whether this job was cancelled is read. A note is a write, which waits for the write lock's turn: awaited,
    // one a batch, an export beside an import on SQLite spent its time waiting for the import's turns to end, and an
    // import beside ten writers checked its rows a tenth slower. The job goes on meanwhile, all but its last note.
    const noted = this.noted.get(id);
    const due = final || noted === undefined || performance.now() - noted >= PROGRESS_MS;
    if (!final && (!due || this.notes.has(id) || this.work.db.writing?.())) return this.cancelled(id, turn);
    this.noted.set(id, performance.now());
    const note = this.work.db.kysely
      .updateTable(tables.job)
      .set({ done, total, update_time: now() })
      .where('id', '=', id);
    if (!final) {
      const noting = note
        .where('status', '=', JobStatus.running)
        .execute()
        .then(
          () => {},
          (e) => console.error(`job ${id}: its progress not noted:`, e),
        )
        .finally(() => this.notes.delete(id));
      this.notes.set(id, noting);
      return this.cancelled(id, turn);
    }
    await this.notes.get(id);
    const row = await note.returning('status').executeTakeFirst();
    this.goingOn(row?.status);
    await turn();
  }

  /** Reads whether the job was cancelled (throws then, or when the server is stopping); then lets others run. */
  private async cancelled(id: number, turn: () => Promise<void>): Promise<void> {
    const [row] = await this.work.db.all<{ status: number }>(`SELECT status FROM ${tables.job} WHERE id = ?`, [id]);
    this.goingOn(row?.status);
    return turn();
  }

  /** Throws when the job's `status` says it was cancelled, or when the server is stopping. */
  private goingOn(status: unknown): void {
    if (Number(status) === JobStatus.cancelled) throw new Cancelled();
    if (this.stopping) throw new Stopping();
  }

  /** Renews the lease of a job this run still holds (one taken over keeps its new runner's). */
  private async touch(id: number, claim: { version: number }) {
    await this.work.db.kysely
      .updateTable(tables.job)
      .set({ update_time: now() })
      .where('id', '=', id)
      .where('status', '=', JobStatus.running)
      .where('row_version', '=', claim.version)
      .execute()
      .catch(() => {});
  }

  /** Ends a job this run still holds: one another process took over (its lease ran out meanwhile) is that one's. */
  private async end(
    id: number,
    claim: { version: number },
    status: JobStatus,
    fields: { result?: string | null; error?: string },
  ) {
    await this.notes.get(id);
    const at = now();
    await this.work.db.kysely.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable(tables.job)
        .set({ status, finish_time: at, update_time: at, ...fields })
        .where('id', '=', id)
        .where('status', '=', JobStatus.running)
        .where('row_version', '=', claim.version)
        .executeTakeFirst();
      if (Number(numUpdatedRows) > 0) await dropInput(trx, id);
    });
  }

  /**
   * Jobs whose lease ran out (their process died: nothing touched them for `lease` ms) go back to the queue, to be
   * claimed by any process: an import storing its rows is completed from its staging record (its bumped version
   * fails any note of the old runner's), any other starts again from its first row.
   */
  private async recover() {
    this.recovered = performance.now();
    const at = now();
    const cutoff = new Date(Date.now() - this.lease).toISOString();
    const stale = (eb: any) =>
      eb.and([
        eb('status', '=', JobStatus.running),
        eb.or([eb('update_time', 'is', null), eb('update_time', '<=', cutoff)]),
      ]);
    const requeue = (storing: boolean) =>
      this.work.db.kysely
        .updateTable(tables.job)
        .set((eb) => ({
          status: JobStatus.queued,
          start_time: null,
          update_time: at,
          row_version: eb('row_version', '+', 1),
          ...(storing ? {} : { done: 0 }),
        }))
        .where(stale)
        .where((eb) => (storing ? storingImport(eb) : eb.not(storingImport(eb))))
        .executeTakeFirst();
    const taken = [await requeue(true), await requeue(false)];
    if (taken.some((r) => Number(r.numUpdatedRows))) this.changed();
  }

  private async count() {
    if (!this.onCounts) return;
    const rows = await this.work.db.kysely
      .selectFrom(tables.job)
      .select(['kind', 'status', sql<number>`count(*)`.as('n')])
      .where('status', 'in', [JobStatus.queued, JobStatus.running])
      .groupBy(['kind', 'status'])
      .execute();
    const counts = Object.values(JobKind).flatMap((kind) =>
      (['queued', 'running'] as const).map((state) => ({
        kind,
        state,
        n: Number(rows.find((r) => r.kind === kind && Number(r.status) === JobStatus[state])?.n ?? 0),
      })),
    );
    this.onCounts(counts);
  }

  /** Removes exports older than `keep`. */
  private sweep() {
    const before = Date.now() - this.config.keep;
    for (const name of fs.readdirSync(this.config.dir, { withFileTypes: true })) {
      const p = path.join(this.config.dir, name.name);
      if (name.isFile() && fs.statSync(p).mtimeMs < before) fs.rmSync(p, { force: true });
    }
  }
}
