import { loadConfig } from './core/config.js';
import { buildApp } from './app.js';
import { DEMO_LOGINS } from './domains/seed/data-accounts.js';

/** Production entry: env config → app → listen; closes cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const { app, close, generatedPassword } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`Marketplace admin: http://${shown}:${config.port}/  (API at ${config.apiBase || '/'})`);
  if (config.demo) {
    console.log('Demo logins:');
    for (const l of DEMO_LOGINS) console.log(`  ${l.username} / ${l.password}  (${l.role})`);
  }
  if (generatedPassword)
    console.log(`New database: log in as admin / ${generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)`);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    await close().catch((e) => console.error(e));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
