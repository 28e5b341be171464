import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('error envelopes on %s', (dialect) => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  /** Raw request: every answer must be HTTP 200 with a JSON envelope. */
  const raw = async (method: string, p: string, body?: string, type = 'application/json') => {
    const res = await fetch(`${s.base}${p}`, {
      method,
      body,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': type } : {}) },
    });
    expect(res.status).toBe(200);
    const env = await res.json();
    expect(Object.keys(env).sort()).toEqual(['code', 'data', 'message']);
    expect(JSON.stringify(env)).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
    return env;
  };

  it('answers unknown API paths with routeNotFound', async () => {
    expect(await raw('GET', '/nope')).toEqual({ code: 404, message: Messages.routeNotFound, data: null });
    expect((await raw('POST', '/brand/list/extra', '{}')).message).toBe(Messages.routeNotFound);
    expect((await raw('DELETE', '/brand/1')).message).toBe(Messages.routeNotFound);
    const res = await fetch(`${s.url}/not-api`);
    expect((await res.json()).message).toBe(Messages.routeNotFound);
  });

  it('answers malformed JSON with badJson', async () => {
    expect(await raw('POST', '/brand/create', '{"name": "Broken"')).toEqual({
      code: 404,
      message: Messages.badJson,
      data: null,
    });
  });

  it('treats an empty JSON body as none', async () => {
    const seller = await s.login('seller', 'seller123');
    const res = await fetch(`${s.base}/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller}`, 'content-type': 'application/json' },
      body: '',
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);
  });

  it('answers an oversized body with bodyTooLarge', async () => {
    const big = JSON.stringify({ name: 'Big', brandStory: 'x'.repeat(1024 * 1024 + 10) });
    expect(await raw('POST', '/brand/create', big)).toEqual({ code: 404, message: Messages.bodyTooLarge, data: null });
    const form = `name=Big&brandStory=${'x'.repeat(1024 * 1024 + 10)}`;
    expect((await raw('POST', '/brand/create', form, 'application/x-www-form-urlencoded')).message).toBe(
      Messages.bodyTooLarge,
    );
  });

  it('refuses a taken unique value by name, and answers DB constraint violations with what went wrong', async () => {
    const dup = await s.api('POST', '/menu/create', { title: 'Dup', name: 'brand', level: 1, parentId: 0 }, { token });
    expect(dup).toMatchObject({ code: 404, message: 'Validation Failed: name: already exists' });
    const fk = await s.api('POST', '/admin/role/update', { adminId: 1, roleIds: '999999' }, { token, form: true });
    expect(fk).toMatchObject({ code: 500, message: Messages.badReference });
    // nothing stored: admin 1 keeps its role
    expect(
      (await s.api('GET', '/admin/role/1', undefined, { token })).data.map((r: { name: string }) => r.name),
    ).toEqual(['Super admin']);
    // A brand its products refer to stays.
    const used = (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 1 } })).data.list[0]
      .brandId;
    expect(await s.api('GET', `/brand/delete/${used}`, undefined, { token })).toEqual({
      code: 500,
      message: Messages.inUse,
      data: null,
    });
    expect((await s.api('GET', `/brand/${used}`, undefined, { token })).code).toBe(200);
  });

  it('validates ids and bodies with 404 envelopes', async () => {
    expect((await raw('GET', '/brand/1.5')).code).toBe(404);
    expect((await raw('POST', '/brand/delete/batch', 'ids=a,b', 'application/x-www-form-urlencoded')).code).toBe(404);
    expect((await raw('POST', '/brand/create', '[1,2]')).message).toBe('Validation Failed: body: must be an object');
    const unsupported = await raw('POST', '/brand/create', 'name=x', 'text/plain');
    expect(unsupported.code).toBe(404);
  });
});

describe('built UI serving', () => {
  let s: TestServer;
  let ui: string;

  beforeAll(async () => {
    ui = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-ui-'));
    fs.writeFileSync(path.join(ui, 'index.html'), '<!doctype html><title>admin</title>');
    fs.writeFileSync(path.join(ui, 'app.js'), 'console.log(1)');
    s = await startServer({ config: { uiDir: ui } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(ui, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for app routes, keeps API 404s as envelopes', async () => {
    expect(await (await fetch(`${s.url}/app.js`)).text()).toBe('console.log(1)');
    const page = await fetch(`${s.url}/pms/brand?x=1`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<title>admin</title>');
    expect(await (await fetch(`${s.url}/`)).text()).toContain('<title>admin</title>');
    expect((await (await fetch(`${s.base}/nope`)).json()).message).toBe(Messages.routeNotFound);
    expect((await (await fetch(`${s.url}/missing.js`)).json()).message).toBe(Messages.routeNotFound);
  });
});
