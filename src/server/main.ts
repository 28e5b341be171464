import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig, type ServerConfig } from './core/config.js';
import { buildApp } from './app.js';
import { StartupRefusal } from './core/migrate.js';
import { DEMO_LOGINS } from './domains/seed/data-accounts.js';
import { followConnections } from './core/drain.js';
import { isLead, noMoreConnections, runPrimary, serveFromPrimary } from './workers.js';

/** In a shutdown, a connection that carried no request for this long is closed (one that does is answered first). */
const IDLE_MS = 1000;

/** Where the server is, and the logins a person needs first. */
function banner(config: ServerConfig, generatedPassword?: string) {
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`Marketplace admin: http://${shown}:${config.port}/  (API at ${config.apiBase || '/'})`);
  if (config.demo) {
    console.log('Demo logins:');
    for (const l of DEMO_LOGINS) console.log(`  ${l.username} / ${l.password}  (${l.role})`);
    if (config.host === '127.0.0.1') console.log('Listening on this machine only (demo mode); HOST=0.0.0.0 opens it.');
  }
  if (generatedPassword)
    console.log(`New database: log in as admin / ${generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)`);
}

/**
 * Production entry: env config → app → listen; shuts down gracefully on SIGINT/SIGTERM. With WORKERS > 1 this
 * process is the primary of that many (workers.ts), each of which comes here as a worker.
 */
async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const lead = isLead();
  // One periodic copy is enough, whatever the number of processes.
  const { app, close, lifecycle, jobs, generatedPassword } = await buildApp(
    lead ? config : { ...config, backup: { ...config.backup, every: 0 } },
  );
  const connections = followConnections(app.server);
  // A worker of WORKERS=N serves what its primary takes in (workers.ts); one process alone listens itself.
  if (cluster.isWorker) serveFromPrimary(app.server, jobs, lifecycle);
  else await app.listen({ port: config.port, host: config.host });
  if (lead) banner(config, generatedPassword);
  let closing = false;
  /**
   * Readiness turns false at once; after `shutdownDelay` (a load balancer sends no more) the server stops accepting
   * connections (those already waiting in the queue of the listening socket are taken in first: closing it would
   * reset them; a worker of `WORKERS=N` waits for its primary to do so). Then each answer says `Connection: close` and
   * its connection ends with it: a client then opens a new connection, which is refused before it sent anything. A
   * connection is never closed while a request may be on its way on it (the client would see a reset): only right
   * after an answer, or after IDLE_MS without a request. Once none is left, `close()` lets a background job finish its
   * batch and closes the database. Requests still running `shutdownTimeout` after the delay have their connections
   * cut, and the exit code says so.
   */
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down (waiting up to ${config.shutdownTimeout} ms for requests in flight)`);
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      console.error(`Shutdown: requests still running after ${config.shutdownTimeout} ms; closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownDelay + config.shutdownTimeout);
    try {
      lifecycle.shuttingDown = true;
      if (cluster.isWorker) await noMoreConnections(config.shutdownDelay + config.shutdownTimeout);
      else {
        await sleep(config.shutdownDelay);
        // Half of the time: the other half is for the requests on those connections.
        lifecycle.held = connections.stopListening(config.shutdownTimeout / 2);
        await lifecycle.held;
        lifecycle.held = undefined;
      }
      lifecycle.closingConnections = true;
      await connections.drained(IDLE_MS);
      await close();
    } catch (e) {
      console.error(e);
      forced = true;
    }
    clearTimeout(timer);
    process.exit(forced ? 1 : 0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  // A refusal says what was found and what to do; anything else is a fault, with its stack.
  console.error(e instanceof StartupRefusal ? e.message : e);
  process.exit(1);
});
