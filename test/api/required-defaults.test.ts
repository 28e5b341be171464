import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * A required field with a `default` (schemas/README.md): a create that leaves it out stores the default; one that
 * sends it is checked as before, and an update leaving it out keeps the stored value.
 */
describe.each(dialects)('required fields with a default on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let shopId: number;
  const admin = (method: string, path: string, body?: unknown) => s.api(method, path, body, { token });
  const advert = {
    name: 'Spring carousel',
    pic: '/api/demo/x.png',
    startTime: '2026-12-01T08:00:00Z',
    endTime: '2026-12-31T22:00:00Z',
    url: 'https://shop.example.com/spring',
  };
  // The advert's `type`, as the schema states it: required, with a default.
  const type = entities.homeAdvertise.fields.find((f) => f.name === 'type')!;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    shopId = (await admin('GET', '/shop/list')).data.list[0].id;
  });
  afterAll(async () => s?.close());

  it('fills a create that leaves the field out with the default', async () => {
    expect(type).toMatchObject({ required: true, default: 0 });
    const made = await admin('POST', '/home/advertise/create', { ...advert, shopId });
    expect(made.code, made.message).toBe(200);
    expect(made.data.type).toBe(type.default);
    expect((await admin('GET', `/home/advertise/${made.data.id}`)).data.type).toBe(type.default);
  });

  it('still checks the field when sent, and an update leaving it out keeps it', async () => {
    expect((await admin('POST', '/home/advertise/create', { ...advert, shopId, type: 7 })).message).toBe(
      'Validation Failed: type: must be one of 0, 1',
    );
    const made = await admin('POST', '/home/advertise/create', { ...advert, shopId, type: 1 });
    expect(made.data.type).toBe(1);
    // An update that leaves it out keeps the stored value, not the default.
    const saved = await admin('POST', `/home/advertise/update/${made.data.id}`, { name: 'Spring carousel 2' });
    expect(saved.code, saved.message).toBe(200);
    expect((await admin('GET', `/home/advertise/${made.data.id}`)).data.type).toBe(1);
  });

  it('leaves a required field without a default required', async () => {
    const { url: _gone, ...rest } = advert;
    expect((await admin('POST', '/home/advertise/create', { ...rest, shopId })).message).toBe(
      'Validation Failed: url: is required',
    );
  });
});
