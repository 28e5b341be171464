/**
 * vitest globalSetup of the browser tests, after the database templates (test/global-setup.ts):
 * - one Chromium for the whole run, which each file connects to (`launchBrowser()` in harness.ts) instead of
 *   starting its own: a launch costs Chromium about a second of CPU. Each file still opens its own contexts (own
 *   storage, cookies, viewport) and closes them when done;
 * - one server on a copy of the demo template for the files that only read (`bootShared()` in harness.ts).
 */
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { spawnServer, type Running } from './spawn-server';

export type SharedServer = Pick<Running, 'url' | 'dataDir' | 'pid'>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Chromium (playwright's `launchServer`), for `chromium.connect`. */
    browserEndpoint: string;
    /** The run's server for read-only files. */
    sharedServer: SharedServer;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [browser, server] = await Promise.all([
    chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
    spawnServer({ template: project.getProvidedContext().dbTemplates?.sqlite }),
  ]);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('sharedServer', { url: server.url, dataDir: server.dataDir, pid: server.pid });
  return async () => {
    await browser.close();
    await server.stop();
  };
}
