import cluster from 'node:cluster';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { loadConfig, type ServerConfig } from './core/config.js';
import { buildApp } from './app.js';
import { StartupRefusal } from './core/migrate.js';
import { DEMO_LOGINS } from './domains/seed/data-accounts.js';
import { isLead, runPrimary } from './workers.js';

/** How long open keep-alive connections get to carry one more request (answered with `Connection: close`). */
const DRAIN_MS = 1000;

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
  const { app, close, lifecycle, generatedPassword } = await buildApp(
    lead ? config : { ...config, backup: { ...config.backup, every: 0 } },
  );
  await app.listen({ port: config.port, host: config.host });
  if (lead) banner(config, generatedPassword);
  let closing = false;
  /**
   * Readiness turns false and the server stops accepting connections at once. Open keep-alive connections are not
   * cut while idle (a client may be sending on one that very moment: it would see a reset); each gets
   * `Connection: close` on its next answer instead. After DRAIN_MS (or once none is left) `close()` closes the idle
   * ones, lets in-flight requests finish (later ones get 503 + `Connection: close`) and closes the database.
   * Requests still running after `shutdownTimeout` have their connections cut, and the exit code says so.
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
    }, config.shutdownTimeout);
    try {
      lifecycle.shuttingDown = true;
      // net.Server's close stops listening only; http.Server's would also cut idle keep-alive connections now.
      const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()));
      await Promise.race([drained, delay(Math.min(DRAIN_MS, config.shutdownTimeout))]);
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
