/**
 * deploy/ stays working where this machine can tell: HAProxy checks its configuration (`haproxy -c`), systemd checks
 * the unit (`systemd-analyze verify`, when installed), and the Dockerfile and compose.yaml are read against what the
 * server needs: the command `npm run serve` runs, the settings `src/server/core/config.ts` reads, the port, the
 * readiness path, the files it reads from the project's folder at run time. (No Docker engine runs here.)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../scripts/serve-command';
import { duration } from '../../src/server/core/config';
import { API_BASE, DEFAULT_PORT } from '../../src/shared/constants';

const deploy = (name: string) => join('deploy', name);
const read = (name: string) => readFileSync(deploy(name), 'utf8');
const serve = serveCommand();

/** The settings the server reads (`env.NAME` in config.ts), and the runtime's own. */
const settings = new Set([
  ...[...readFileSync('src/server/core/config.ts', 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
  ...Object.keys(serve.env),
  'NODE_ENV',
]);

const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** `KEY=a KEY2=b` (systemd's Environment=, a Dockerfile's ENV) → entries. */
const assignments = (text: string) =>
  Object.fromEntries([...text.matchAll(/([A-Z][A-Z0-9_]*)=(\S*)/g)].map((m) => [m[1], m[2]]));

describe('deploy/', () => {
  const cfg = read('haproxy.cfg');

  it('haproxy.cfg is valid for HAProxy, health-checks readiness and balances the three processes', () => {
    expect(has('haproxy'), 'haproxy is not installed: apt-get install -y haproxy (.ci/run does)').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'mpa-haproxy-'));
    try {
      const out = execFileSync('haproxy', ['-c', '-f', deploy('haproxy.cfg')], {
        env: { ...process.env, MPA_HAPROXY_SOCKET: join(dir, 'admin.sock') },
        encoding: 'utf8',
      });
      expect(out).toMatch(/Configuration file is valid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(cfg).toContain(`option httpchk GET ${API_BASE}/ready`);
    expect(cfg).toMatch(/^\s*http-check expect status 200$/m);
    const servers = [...cfg.matchAll(/^\s*server (\S+) "\$\{(MPA_APP\d)-([\d.]+):(\d+)\}"/gm)];
    expect(servers.map((s) => s[1])).toEqual(['app1', 'app2', 'app3']);
    // The default addresses are those of the systemd instances README enables.
    expect(servers.map((s) => `${s[3]}:${s[4]}`)).toEqual(['127.0.0.1:8081', '127.0.0.1:8082', '127.0.0.1:8083']);
  });

  /** How long HAProxy may take to see a server unready: `inter` × `fall` (ms). */
  const checkedOutWithin = () => {
    const check = /^\s*default-server check inter (\d+)s fall (\d+)/m.exec(cfg)!;
    return Number(check[1]) * 1000 * Number(check[2]);
  };

  it('a stopping process keeps listening until HAProxy has taken it out (SHUTDOWN_DELAY over inter × fall)', () => {
    expect(checkedOutWithin()).toBeGreaterThan(0);
    expect(duration(assignments(read('marketplace-admin.env')).SHUTDOWN_DELAY)).toBeGreaterThan(checkedOutWithin());
  });

  it('the systemd unit verifies and runs what `npm run serve` runs, with settings the server reads', () => {
    const unit = read('marketplace-admin@.service');
    const exec = /^ExecStart=(\S+) (.*)$/m.exec(unit)!;
    expect(exec[2].split(/\s+/)).toEqual(serve.args);
    const env = assignments(
      [...unit.matchAll(/^Environment=(.*)$/gm)].map((m) => m[1].replace(/%i/g, String(DEFAULT_PORT))).join(' '),
    );
    expect(env).toMatchObject({ ...serve.env, WORKERS: '1', PORT: String(DEFAULT_PORT) });
    for (const name of Object.keys(env)) expect(settings, name).toContain(name);
    for (const name of Object.keys(assignments(read('marketplace-admin.env')))) expect(settings, name).toContain(name);
    if (!has('systemd-analyze')) return;
    const dir = mkdtempSync(join(tmpdir(), 'mpa-unit-'));
    try {
      const file = join(dir, 'marketplace-admin@8081.service');
      copyFileSync(deploy('marketplace-admin@.service'), file);
      // ExecStart's node must exist for the check: this machine's, where it is elsewhere.
      const node = process.execPath;
      if (node !== exec[1]) execFileSync('sed', ['-i', `s#^ExecStart=${exec[1]} #ExecStart=${node} #`, file]);
      const res = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(`${res.stdout}${res.stderr}`.trim()).toBe('');
      expect(res.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A Dockerfile's instructions of its last stage, continuation lines joined. */
  const dockerfile = read('Dockerfile').replace(/\\\n\s*/g, ' ');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const final = stages.at(-1)!;
  const instructions = (stage: string, word: string) =>
    [...stage.matchAll(new RegExp(`^${word} (.*)$`, 'gm'))].map((m) => m[1]);

  it('the Dockerfile builds the bundle and runs it as `npm run serve` does, on the port it exposes', () => {
    expect(stages[0]).toMatch(/^RUN .*npm ci/m);
    expect(stages[0]).toMatch(/^RUN .*npm run build/m);
    const env = assignments(instructions(final, 'ENV').join(' '));
    expect(env).toMatchObject({ ...serve.env, WORKERS: '1', HOST: '0.0.0.0' });
    for (const name of Object.keys(env)) expect(settings, name).toContain(name);
    expect(instructions(final, 'EXPOSE')).toEqual([env.PORT]);
    expect(JSON.parse(instructions(final, 'CMD')[0])).toEqual(['node', ...serve.args]);
    expect(instructions(final, 'HEALTHCHECK').join(' ')).toContain(`${API_BASE}/ready`);
  });

  it('the image holds every file the server reads from the project folder at run time', () => {
    const copied = instructions(final, 'COPY').map((c) => c.split(/\s+/).at(-1)!.replace(/^\.\//, ''));
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
      });
    const needed = sources('src/server').flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/projectPath\(((?:'[^']*',?\s*)+)\)/g)].map((m) =>
        [...m[1].matchAll(/'([^']*)'/g)].map((p) => p[1]).join('/'),
      ),
    );
    expect(needed.length).toBeGreaterThan(0);
    expect(copied).toContain('dist');
    for (const path of needed) expect(copied, path).toContain(path);
  });

  it('compose.yaml: PostgreSQL, three app containers behind HAProxy with this haproxy.cfg, on settings the server reads', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, any>;
    };
    const apps = Object.keys(compose.services).filter((s) => /^app\d+$/.test(s));
    expect(apps).toEqual(['app1', 'app2', 'app3']);
    const proxy = compose.services.haproxy;
    expect(proxy.image).toMatch(/^haproxy:2\.6/);
    expect(proxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    const bind = String(proxy.environment.MPA_HAPROXY_BIND).split(':').at(-1);
    expect(proxy.ports.map((p: string) => String(p).split(':').at(-1))).toContain(bind);
    const db = compose.services.db.environment;
    for (const name of apps) {
      const app = compose.services[name];
      expect(app.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
      for (const key of Object.keys(app.environment)) expect(settings, key).toContain(key);
      expect(app.environment.WORKERS).toBe('1');
      expect(proxy.environment[`MPA_${name.toUpperCase()}`]).toBe(`${name}:${app.environment.PORT}`);
      const url = new URL(app.environment.DATABASE_URL.replace(/\$\{[^}]*\}/, 'secret'));
      expect([url.hostname, url.username, url.pathname.slice(1)]).toEqual(['db', db.POSTGRES_USER, db.POSTGRES_DB]);
      expect(app.stop_grace_period).toBe('15s');
      expect(duration(app.environment.SHUTDOWN_DELAY)).toBeGreaterThan(checkedOutWithin());
    }
    // One container migrates a new database before the others start.
    expect(compose.services.app1.depends_on).toHaveProperty('db');
    for (const name of apps.slice(1)) expect(compose.services[name].depends_on).toHaveProperty('app1');
  });
});
