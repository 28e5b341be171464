import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies what the WAL holds into the database file. */
const CHECKPOINT_EVERY_MS = 100;

// The thread: a connection of its own that checkpoints without waiting for anyone (PASSIVE: readers and writers go on
// meanwhile), until told to stop.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db;
const timer = setInterval(() => {
  try {
    db ??= new Database(workerData.file, { fileMustExist: true, timeout: 0 });
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Not there yet, or busy (another checkpoint, a backup): the next tick tries again.
  }
}, workerData.every);
parentPort.once('message', () => {
  clearInterval(timer);
  db?.close();
  parentPort.close();
});
`;

/**
 * SQLite's WAL copied into the database file by a thread of its own, started by the primary of `WORKERS=N` (once the
 * file exists). Left to SQLite, the connection whose commit finds the WAL past 1,000 pages copies them itself, with
 * its event loop stopped: beside a long import, that was a request's commit or a job's batch every few batches, and
 * every request waiting on that worker waited for the copy and its fsync (reads' p99 beside an import 14 × idle).
 * The workers' connections never checkpoint (`wal_autocheckpoint = 0`, core/db.ts). Not in a single process: the
 * thread is a V8 isolate of its own (about 17 MiB resident). Resolves the stop: the thread's connection closed.
 */
export function checkpointInBackground(file: string): () => Promise<void> {
  const thread = new Worker(THREAD, {
    eval: true,
    workerData: { file, every: CHECKPOINT_EVERY_MS, module: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  thread.unref();
  const exited = once(thread, 'exit').catch(() => {});
  thread.on('error', () => {});
  return async () => {
    // Held until it has closed its connection: the process may have nothing else left to wait for.
    thread.ref();
    thread.postMessage('stop');
    await exited;
  };
}
