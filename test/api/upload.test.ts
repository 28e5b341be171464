import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('rest of a jpeg')]);
const GIF = Buffer.from('GIF89a fake picture');
const TOO_BIG = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);

describe.each(dialects)('upload API on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  /** The names the database holds pictures under (uploads are kept there, on both dialects). */
  const stored = async () =>
    (await sql<{ name: string }>`SELECT name FROM sys_picture ORDER BY name`.execute(s.built.db.kysely)).rows.map(
      (r) => r.name,
    );
  const served = async (url: string) => Buffer.from(await (await fetch(`${s.url}${url}`)).arrayBuffer());

  const upload = async (bytes: Buffer, filename = 'photo.png', field = 'file', auth = true) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), filename);
    const res = await fetch(`${s.base}/minio/upload`, {
      method: 'POST',
      body: form,
      headers: auth ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('stores a PNG or JPEG under a name made of its content hash and serves it back with its type', async () => {
    const png = await upload(PNG, '../../../etc/evil name.png');
    expect(png.code).toBe(200);
    const sha256 = crypto.createHash('sha256').update(PNG).digest('hex');
    expect(png.data.name).toBe(`${sha256.slice(0, 32)}.png`);
    expect(png.data.url).toBe(`/api/uploads/${png.data.name}`);
    expect(await served(png.data.url)).toEqual(PNG);
    expect(await stored()).toContain(png.data.name);
    const jpg = await upload(JPEG, 'picture.png'); // the name lies, the bytes decide
    expect(jpg.data.name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const res = await fetch(`${s.url}${jpg.data.url}`); // public: <img> sends no token
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(JPEG);
  });

  it('refuses other content, oversized files, a missing file field and anonymous callers; nothing written', async () => {
    const before = await stored();
    expect(await upload(GIF, 'fake.png')).toMatchObject({
      code: 404,
      message: 'Validation Failed: file: Only jpg/png pictures can be uploaded',
    });
    expect(await upload(Buffer.from('hello'), 'a.jpg')).toMatchObject({ code: 404 });
    expect(await upload(TOO_BIG, 'big.png')).toMatchObject({
      code: 404,
      message: 'Validation Failed: file: A picture may be at most 10MB',
    });
    expect(await upload(PNG, 'a.png', 'picture')).toMatchObject({
      code: 404,
      message: 'Validation Failed: file: Choose a picture to upload (multipart field "file")',
    });
    expect(await upload(PNG, 'a.png', 'file', false)).toMatchObject({ code: 401 });
    expect((await s.api('POST', '/minio/upload', { file: 'x' }, { token })).code).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('serves only stored names', async () => {
    for (const name of ['nope.png', '..%2F..%2Ftest.db', 'a'.repeat(32) + '.png']) {
      const res = await fetch(`${s.base}/uploads/${name}`);
      expect((await res.json()).code).toBe(404);
      // Not kept by caches for a year: the name may be served later (a file moved into the database).
      expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
    }
  });

  it('deletes one of its own files by name or URL, nothing outside the folder', async () => {
    const a = (await upload(PNG)).data;
    expect((await upload(PNG)).data.name).toBe(a.name); // the same bytes, stored once
    const b = (await upload(JPEG)).data;
    expect(await s.api('POST', '/minio/delete', { objectName: a.name }, { token, form: true })).toMatchObject({
      code: 200,
    });
    expect(
      await s.api('POST', '/minio/delete', undefined, { token, query: { objectName: `http://host${b.url}` } }),
    ).toMatchObject({ code: 200 });
    expect(await stored()).not.toContain(a.name);
    expect(await stored()).not.toContain(b.name);
    expect((await fetch(`${s.url}${a.url}`)).headers.get('content-type')).toMatch(/json/); // the not-found envelope
    expect((await s.api('POST', '/minio/delete', { objectName: a.name }, { token, form: true })).code).toBe(404);
    expect((await s.api('POST', '/minio/delete', { objectName: '../test.db' }, { token, form: true })).code).toBe(404);
    expect((await s.api('POST', '/minio/delete', { objectName: '../jwt-secret' }, { token, form: true })).code).toBe(
      404,
    );
    expect(fs.existsSync(path.join(s.config.dataDir, 'test.db')) || dialect === 'postgres').toBe(true);
  });

  it('lets a seller upload (resource /minio/**) but not delete', async () => {
    const admin = token;
    token = await s.login('seller', 'seller123');
    try {
      const mine = (await upload(Buffer.concat([PNG, Buffer.from('seller')]))).data;
      expect(mine.name).toBeTruthy();
      // Names do not say who uploaded what: a seller may not delete files (nor another shop's pictures).
      expect((await s.api('POST', '/minio/delete', { objectName: mine.name }, { token, form: true })).code).toBe(403);
      expect(await stored()).toContain(mine.name);
    } finally {
      token = admin;
    }
  });
  it('answers a multipart body cut short with the envelope, nothing written', async () => {
    const before = await stored();
    const boundary = '----cut-short';
    const whole = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // Cut inside the file, inside the part's headers, and just before the closing boundary.
    for (const cut of [whole.length - 30, 40, whole.length - boundary.length - 6]) {
      const res = await fetch(`${s.base}/minio/upload`, {
        method: 'POST',
        body: whole.subarray(0, cut),
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json(), String(cut)).toMatchObject({
        code: 404,
        message: `Validation Failed: file: ${Messages.uploadIncomplete}`,
      });
    }
    expect(await stored()).toEqual(before);
  });
});
