/**
 * `npm run dev`: the product while you change it, on one page. The UI is served by Vite with hot reload (port
 * `DEV_PORT`, default 5173), its API calls passed to the server (port `PORT`, default 8080). A save in `schemas/`
 * re-runs codegen in this process (kept warm: a fraction of a second), which writes generated/ — Vite updates the
 * screens in place — and, when the server's side changed, the server is bundled again (esbuild, incremental) and a
 * new one started beside the last, migrating the dev database (`DATA_DIR`, default ./data, or `DATABASE_URL`) at
 * start; it takes over when it listens. The new server runs in a process started after the last restart, which has
 * loaded the server's packages meanwhile (`WARM`): a restart loads only the bundle. A save in
 * src/server or src/shared restarts the server the same way. A schema codegen refuses is reported here and nothing is
 * written; the last good state keeps running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { watch } from 'node:fs';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { context } from 'esbuild';
import { createServer, type ViteDevServer } from 'vite';
import { API_BASE, DEFAULT_PORT } from '../src/shared/constants';
import { generate } from './codegen/generate';
import { readDrafts } from './codegen/drafts';
import { readSources } from './codegen/load';
import { CodegenError } from './codegen/model';
import { writeFiles } from './codegen/write';

/** How long file events must be quiet before the loop acts on them. */
const SETTLE_MS = 50;

/**
 * A Node process kept ready for the next server: it loads the packages the last bundle imports (`DEV_PRELOAD`:
 * fastify, kysely, the database drivers… half of a server's start), then waits for the loop's message naming the
 * bundle and the port, and runs it. The bundle's own imports of those packages then find them loaded.
 */
const WARM = `
const go = new Promise((resolve) => process.once('message', resolve));
for (const p of JSON.parse(process.env.DEV_PRELOAD || '[]')) await import(p).catch(() => undefined);
const { bundle, port } = await go;
process.env.PORT = String(port);
process.disconnect();
await import(bundle);
`;

export interface DevLoop {
  /** The UI's address. */
  url: string;
  /** Resolves after the next schema save has been generated and the server (if it had to) is up again. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface DevOptions {
  root?: string;
  uiPort?: number;
  apiPort?: number;
  log?: (line: string) => void;
}

export async function startDev(opts: DevOptions = {}): Promise<DevLoop> {
  const root = opts.root ?? resolve(fileURLToPath(import.meta.url), '../..');
  const apiPort = opts.apiPort ?? Number(process.env.PORT ?? DEFAULT_PORT);
  const uiPort = opts.uiPort ?? Number(process.env.DEV_PORT ?? 5173);
  const log = opts.log ?? ((line: string) => console.log(`[dev] ${line}`));
  const apiBase = process.env.VITE_API_BASE ?? API_BASE;

  /** The schemas codegen last ran on: a save that changed nothing (an editor's second write) runs nothing. */
  let generatedFrom: string | undefined;
  /** Regenerates generated/ from schemas/; answers what changed, or undefined when codegen refused the schemas. */
  const codegen = async (): Promise<string[] | undefined> => {
    const started = performance.now();
    try {
      const src = readSources(root);
      const key = JSON.stringify([src.schemas, src.menus]);
      if (key === generatedFrom) return [];
      const drafts = readDrafts(root);
      const changed = writeFiles(join(root, 'generated'), await generate({ ...src, drafts }), drafts?.files);
      generatedFrom = key;
      log(`codegen: ${changed.length} file(s) changed in ${Math.round(performance.now() - started)} ms`);
      return changed;
    } catch (e) {
      log(e instanceof CodegenError ? e.message : String(e));
      return undefined;
    }
  };

  const outfile = join(root, 'dist/dev/server.mjs');
  const bundle = await context({
    entryPoints: [join(root, 'src/server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    metafile: true,
  });
  /** The packages the bundle imports, for the next warm process to load ahead. */
  let preload: string[] = [];

  /**
   * The server answering the UI's API calls, and its port. A restart starts the new one beside it, on the other of
   * two ports, and swaps when it listens (its migrations applied): the UI never meets a server that is down.
   */
  let server: { child: ChildProcess; port: number } | undefined;
  const ports = [apiPort, apiPort + 1];
  const running = new Set<ChildProcess>();
  let closed = false;
  // The servers go with this process, however it ends.
  process.once('exit', () => running.forEach((c) => c.kill('SIGKILL')));
  const stop = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    // Its keep-alive connections would make it wait out its drain; a dev database's data is committed anyway.
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
  };
  /** Starts a process that loads the server's packages and waits (`WARM`); `onText` gets what it prints. */
  const spawnWarm = () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', WARM], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', WORKERS: '1', DEV_PRELOAD: JSON.stringify(preload) },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const warm = { child, onText: (_text: string) => {} };
    running.add(child);
    child.once('exit', () => running.delete(child));
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      // Not each request (the log's info lines): this terminal is for what changes and what goes wrong.
      for (const line of text.split('\n').filter((l) => l && !l.startsWith('{"level":30'))) log(`server: ${line}`);
      warm.onText(text);
    });
    return warm;
  };
  let warm: ReturnType<typeof spawnWarm> | undefined;
  /** The last server's stop, under way: its port is the next server's. */
  let stopping: Promise<void> = Promise.resolve();
  const startServer = async () => {
    const started = performance.now();
    try {
      const result = await bundle.rebuild();
      const imports = Object.values(result.metafile!.outputs).flatMap((o) => o.imports);
      preload = [...new Set(imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path))];
    } catch {
      log(`the server does not build (above); ${server ? 'the last one keeps answering' : 'fix and save again'}`);
      return;
    }
    const built = performance.now();
    const port = ports.find((p) => p !== server?.port)!;
    await stopping;
    const next = warm?.child.connected ? warm : spawnWarm();
    warm = undefined;
    const { child } = next;
    // Up when it prints its banner (migrations applied, listening); its other lines go through.
    const listening = new Promise<boolean>((ready) => {
      next.onText = (text) => text.includes('Marketplace admin:') && ready(true);
      child.once('exit', () => ready(false));
    });
    child.send({ bundle: pathToFileURL(outfile).href, port });
    const ms = (a: number, b: number) => Math.round(b - a);
    const up = await listening;
    // The next restart's process loads the packages while this one's first requests are answered.
    const prepare = () => void (closed || (warm = spawnWarm()));
    if (!up) {
      log(`the new server did not start (above); ${server ? 'the last one keeps answering' : 'fix and save again'}`);
      prepare();
      return;
    }
    const old = server;
    server = { child, port };
    log(`server up on port ${port} in ${ms(started, performance.now())} ms (bundle ${ms(started, built)})`);
    // Not waited for: the next save need not wait for the last server's requests to finish.
    stopping = old ? stop(old.child) : Promise.resolve();
    void stopping.then(prepare);
  };

  await codegen();
  await startServer();
  /** The UI's API calls, passed to the server of the moment. */
  const api = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!req.url?.startsWith(apiBase)) return next();
    {
      const port = server?.port ?? apiPort;
      const headers = { ...req.headers, host: `127.0.0.1:${port}` };
      const out = request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(out);
    }
  };
  const vite: ViteDevServer = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    plugins: [{ name: 'dev-api', configureServer: (s) => void s.middlewares.use(api) }],
    server: {
      port: uiPort,
      strictPort: true,
      proxy: {},
      // generated/ is announced to Vite by this loop once codegen has written all of it (below).
      watch: { ignored: ['**/generated/**', '**/dist/**', '**/data/**'] },
    },
    logLevel: 'warn',
  });
  await vite.listen();

  // One change at a time; saves that arrive meanwhile are handled together after it.
  const dirty = { schema: false, server: false };
  let busy = false;
  let waiters: (() => void)[] = [];
  const drain = async () => {
    busy = true;
    while (dirty.schema || dirty.server) {
      const restart = dirty.server;
      const regenerate = dirty.schema;
      dirty.schema = dirty.server = false;
      const changed = regenerate ? await codegen() : [];
      // Only admin screens changed: Vite has them; anything else the server reads needs a new server. The screens
      // reload meanwhile, served by the last one until the new one is up.
      const restarted = restart || changed?.some((f) => !f.startsWith('admin/')) ? startServer() : undefined;
      // Data first (metadata, dictionary), then the screens that read it.
      const screens = (f: string) => f.endsWith('.tsx');
      for (const f of [...(changed ?? [])].sort((a, b) => Number(screens(a)) - Number(screens(b))))
        vite.watcher.emit('change', join(root, 'generated', f));
      await restarted;
    }
    busy = false;
    waiters.forEach((w) => w());
    waiters = [];
  };
  // A save comes as several file events (an editor writes, then renames or touches): they are taken together,
  // once the events have been quiet for SETTLE_MS, so one save runs codegen once.
  let settle: NodeJS.Timeout | undefined;
  const handle = (kind: keyof typeof dirty) => {
    dirty[kind] = true;
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (!busy) void drain();
    }, SETTLE_MS);
  };
  // Node's own watchers (inotify on Linux) tell at once; Vite's waits for writes to settle.
  const watching = [
    watch(join(root, 'schemas'), (_e, file) => file?.endsWith('.json') && handle('schema')),
    ...['src/server', 'src/shared', 'migrations'].map((dir) =>
      watch(join(root, dir), { recursive: true }, () => handle('server')),
    ),
  ];
  const url = `http://localhost:${uiPort}/`;
  log(
    `UI at ${url} (hot reload; its ${apiBase} goes to the server, on port ${apiPort} or ${apiPort + 1}); watching schemas/ and src/`,
  );
  return {
    url,
    settled: () => new Promise<void>((r) => waiters.push(r)),
    async close() {
      closed = true;
      clearTimeout(settle);
      watching.forEach((w) => w.close());
      await vite.close();
      await Promise.all([...running].map(stop));
      await bundle.dispose();
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dev = await startDev();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void dev.close().then(() => process.exit(0));
    });
}
