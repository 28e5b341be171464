/**
 * The spine end to end: in a temp copy of the project, add a schema (enum, reference to brand, length limits, menu),
 * run codegen, boot that copy's server and drive the new entity over HTTP.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { copyProject } from '../../scripts/project-copy';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteEnv } from '../db-templates';
import { createPgDatabase } from './helpers';

const root = resolve(import.meta.dirname, '../..');

const gadget = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'testGadget',
  title: 'TestGadget',
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 2, maxLength: 140 },
    code: { type: 'string', minLength: 3, maxLength: 20 },
    price: { type: 'number', minimum: 0 },
    stock: { type: 'integer', default: 0 },
    status: { type: 'integer', enum: [0, 1, 2], default: 0 },
    brandId: { type: 'integer', 'x-admin': { ref: 'brand' } },
    note: { type: 'string', maxLength: 500 },
    createTime: { type: 'string', format: 'date-time', readOnly: true, 'x-admin': { auto: 'createdAt' } },
  },
  'x-admin': {
    resource: 'testGadget',
    table: 'tst_gadget',
    menu: 'testGadget',
    group: 'pms',
    icon: 'Build',
    label: { en: 'Gadgets', zh: '小工具' },
    labelOne: { en: 'Gadget', zh: '小工具' },
    fields: Object.fromEntries(
      ['id', 'name', 'code', 'price', 'stock', 'status', 'brandId', 'note', 'createTime'].map((f) => [
        f,
        { en: f, zh: f },
      ]),
    ),
    enums: {
      status: { 0: { en: 'Draft', zh: '草稿' }, 1: { en: 'Live', zh: '上线' }, 2: { en: 'Retired', zh: '下线' } },
    },
    filters: { keyword: ['name', 'code'], status: 'eq', brandId: 'ref', createTime: 'range' },
    sortable: ['id', 'name', 'price'],
    defaultSort: '-id',
    batch: ['status'],
  },
};

/** A shop-scoped entity: `code` unique within each shop (the default), `serial` unique in every shop. */
const ticket = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'testTicket',
  title: 'TestTicket',
  type: 'object',
  required: ['code'],
  properties: {
    id: { type: 'integer', readOnly: true },
    shopId: { type: 'integer', 'x-admin': { ref: 'shop' } },
    code: { type: 'string', minLength: 1, maxLength: 20, 'x-admin': { unique: true } },
    serial: { type: 'string', maxLength: 20, 'x-admin': { unique: 'global' } },
  },
  'x-admin': {
    resource: 'testTicket',
    table: 'tst_ticket',
    menu: 'testTicket',
    group: 'pms',
    icon: 'Build',
    label: { en: 'Tickets', zh: '票' },
    labelOne: { en: 'Ticket', zh: '票' },
    fields: Object.fromEntries(['id', 'shopId', 'code', 'serial'].map((f) => [f, { en: f, zh: f }])),
    tenant: 'shopId',
    filters: { keyword: ['code'], shopId: 'ref' },
  },
};

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });

type Envelope = { code: number; message: string; data: any };

/** The temp project's server on SQLite (`databaseUrl` empty) or a PostgreSQL database, logged in as admin. */
async function startTemp(cwd: string, databaseUrl: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api`;
  let log = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: {
      ...process.env,
      ...suiteEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(cwd, `data-${port}`),
      UI_DIR: join(cwd, 'no-ui'),
      LOG: '0',
      DEMO: '1',
      JWT_SECRET: 'test',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (b) => (log += b));
  proc.stderr!.on('data', (b) => (log += b));
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/admin/info`).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (i > 400 || proc.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  let token = '';
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Envelope;
  };
  const login = await api('POST', '/admin/login', { username: 'admin', password: 'admin123' });
  expect(login.code, login.message).toBe(200);
  token = login.data.token;
  return { api, stop: () => proc.kill('SIGTERM') };
}

describe('a new schema becomes a working entity', () => {
  const temp = mkdtempSync(join(tmpdir(), 'new-entity-'));
  type Temp = Awaited<ReturnType<typeof startTemp>>;
  const servers: { dialect: string; server: Temp }[] = [];
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  const api = (method: string, path: string, body?: unknown) => servers[0].server.api(method, path, body);

  beforeAll(async () => {
    copyProject(root, temp);
    writeFileSync(join(temp, 'schemas/testGadget.json'), JSON.stringify(gadget, null, 2));
    writeFileSync(join(temp, 'schemas/testTicket.json'), JSON.stringify(ticket, null, 2));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/codegen/index.ts'], { cwd: temp, stdio: 'pipe' });
    // SQLite always; PostgreSQL too when the suite has one (a new database the migrations build from nothing).
    pgDb = process.env.DATABASE_URL ? await createPgDatabase() : undefined;
    const [sqlite, pg] = await Promise.all([
      startTemp(temp, ''),
      pgDb ? startTemp(temp, pgDb.url) : Promise.resolve(undefined),
    ]);
    servers.push({ dialect: 'sqlite', server: sqlite });
    if (pg) servers.push({ dialect: 'postgres', server: pg });
  });

  afterAll(async () => {
    servers.forEach((s) => s.server.stop());
    await new Promise((r) => setTimeout(r, 500));
    await pgDb?.drop();
    rmSync(temp, { recursive: true, force: true });
  });

  it('codegen added a migration, validators and screens for it', () => {
    expect(
      readdirSync(join(temp, 'generated/migrations/sqlite')).some((f) =>
        /^\d{4}_add_(\w+_)?tst_gadget(_\w+)?\.sql$/.test(f),
      ),
    ).toBe(true);
    expect(readdirSync(join(temp, 'generated/admin/testGadget'))).toContain('TestGadgetList.tsx');
  });

  it('creates, lists, updates and deletes', async () => {
    let brands = await api('GET', '/brand/list?pageSize=1');
    if (!brands.data.list.length) await api('POST', '/brand/create', { name: 'Gadget brand' });
    brands = await api('GET', '/brand/list?pageSize=1');
    const brandId = brands.data.list[0].id;

    const created = await api('POST', '/testGadget/create', {
      name: 'Widget',
      code: 'WID-1',
      price: '9.5',
      status: 1,
      brandId,
      id: 77,
      extra: 'x',
    });
    expect(created.code, created.message).toBe(200);
    expect(created.data).toMatchObject({ name: 'Widget', code: 'WID-1', price: 9.5, status: 1, brandId, stock: 0 });
    expect(created.data.id).not.toBe(77);
    expect(created.data.extra).toBeUndefined();
    const id = created.data.id;

    const list = await api('GET', '/testGadget/list?keyword=Widg&pageNum=1&pageSize=5');
    expect(list.code).toBe(200);
    expect(list.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await api('GET', `/testGadget/list?status=2`)).data.total).toBe(0);

    const updated = await api('POST', `/testGadget/update/${id}`, { status: 2 });
    expect(updated.code, updated.message).toBe(200);
    expect((await api('GET', `/testGadget/${id}`)).data).toMatchObject({ name: 'Widget', status: 2 });

    const deleted = await api('POST', `/testGadget/delete/${id}`);
    expect(deleted.code).toBe(200);
    expect((await api('GET', `/testGadget/${id}`)).code).not.toBe(200);
  });

  it('enforces the schema rules and stores nothing invalid', async () => {
    const before = (await api('GET', '/testGadget/list')).data.total;
    const short = await api('POST', '/testGadget/create', { name: 'a' });
    expect(short.code).toBe(404);
    expect(short.message).toContain('Length must be between 2 and 140 characters');
    const badEnum = await api('POST', '/testGadget/create', { name: 'Valid name', status: 9 });
    expect(badEnum.code).toBe(404);
    expect((await api('GET', '/testGadget/list')).data.total).toBe(before);
  });

  it('keeps a shop-scoped code unique within each shop, and a global one across shops', async () => {
    for (const folder of ['sqlite', 'postgres']) {
      const sql = readdirSync(join(temp, 'generated/migrations', folder))
        .filter((f) => f.includes('tst_ticket'))
        .map((f) => readFileSync(join(temp, 'generated/migrations', folder, f), 'utf8'))
        .join('\n');
      expect(sql).toContain('CREATE UNIQUE INDEX uq_tst_ticket_code ON tst_ticket (shop_id, code);');
      expect(sql).toMatch(/serial (TEXT|VARCHAR\(20\)) UNIQUE/);
    }

    for (const { dialect, server } of servers) {
      const api = server.api;
      const shops = (await api('GET', '/shop/list?pageSize=2&sort=id&order=asc')).data.list.map(
        (s: { id: number }) => s.id,
      );
      const create = (shopId: number, code: string, serial: string) =>
        api('POST', '/testTicket/create', { shopId, code, serial });
      expect((await create(shops[0], 'T-1', 'S-1')).code, dialect).toBe(200);
      // Another shop may use the same code: it learns nothing of the first shop's.
      const other = await create(shops[1], 'T-1', 'S-2');
      expect(other.code, other.message).toBe(200);
      const again = await create(shops[0], 'T-1', 'S-3');
      expect(again.message).toBe('Validation Failed: code: already exists');
      expect((await create(shops[1], 'T-2', 'S-1')).message).toBe('Validation Failed: serial: already exists');
      // An update is checked in the record's own shop.
      const second = await create(shops[1], 'T-3', 'S-4');
      expect((await api('POST', `/testTicket/update/${second.data.id}`, { code: 'T-1' })).message).toBe(
        'Validation Failed: code: already exists',
      );
      expect((await api('POST', `/testTicket/update/${other.data.id}`, { code: 'T-9' })).code).toBe(200);
      expect((await api('GET', '/testTicket/list?keyword=T-')).data.total).toBe(3);
    }
  });

  it('shows the new menu in /admin/info', async () => {
    const info = await api('GET', '/admin/info');
    expect(info.code).toBe(200);
    expect(info.data.menus.map((m: { name: string }) => m.name)).toContain('testGadget');
  });
});
