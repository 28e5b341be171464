/**
 * A server in a process of its own, for tests that kill one without its graceful stop (`kill -9`): its settings come
 * as JSON in JOB_PROCESS_CONFIG (over the suite's); it prints `listening <url>` once it answers.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/core/config';
import { suiteEnv } from '../db-templates';

const overrides = JSON.parse(process.env.JOB_PROCESS_CONFIG ?? '{}') as Partial<ServerConfig>;
const config = loadConfig(suiteEnv(), { port: 0, host: '127.0.0.1', logger: false, ...overrides });
const built = await buildApp(config);
const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
