/**
 * Screens offer only what the caller's role may do (canAccess from the resources /admin/info grants), and say the
 * spec's messages (§8) where react-admin would say its own.
 */
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, shutdown, PHONE, session as openSession, type Running, type Viewport, saveShot, goIn } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

/** A fresh browser session in `lang`, logged in as `username`. */
const session = (user: string, password: string, lang: 'en' | 'zh' = 'en', viewport?: Viewport) =>
  openSession(browser, server.url, { user, password, lang, viewport });

/** The API as the admin, outside the screens (test setup). */
async function adminApi(path: string, opts: { form?: Record<string, string>; json?: unknown } = {}) {
  const token = await (async () => {
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const { data } = await res.json();
    return `${data.tokenHead}${data.token}`;
  })();
  const headers: Record<string, string> = { authorization: token };
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(`${server.url}/api${path}`, { method: body ? 'POST' : 'GET', headers, body });
  const env = await res.json();
  if (env.code !== 200) throw new Error(`${path}: ${env.message}`);
  return env.data;
}

const rows = (page: Page) => page.locator('tbody tr');
const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });
const shot = (page: Page, name: string) => saveShot(page, `${name}.png`);

describe('actions follow the role', () => {
  it('shows a seller the platform brands read-only: no create, edit, delete or switch', async () => {
    const { context, page } = await session('seller', 'seller123');
    await goIn(page, `/pms/brand`);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // The status columns read as text once canAccess has answered.
    await expect
      .poll(() =>
        rows(page)
          .first()
          .getByText(/^(Shown|Hidden)$/)
          .count(),
      )
      .toBe(1);
    expect(
      (await page.getByRole('switch').count()) + (await page.locator('tbody input[type="checkbox"]').count()),
    ).toBe(0);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await shot(page, 'access-seller-brands');
    await context.close();
  });

  it('shows a seller the categories without create, edit, delete or switches (drill-down stays)', async () => {
    const { context, page } = await session('seller', 'seller123');
    await goIn(page, `/pms/productCate`);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(() =>
        rows(page)
          .first()
          .getByText(/^(Shown|Hidden|Yes|No)$/)
          .count(),
      )
      .toBe(2);
    expect(await page.locator('tbody input[type="checkbox"]').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(
      await rows(page)
        .first()
        .getByRole('link', { name: /sub-?categor/i })
        .count(),
    ).toBe(1);
    await context.close();
  });

  it('shows a seller the flash sessions every shop uses read-only, even when its role is granted their writes', async () => {
    // Granting the Seller role the full /flashSession/** pattern changes nothing: platform-wide data is the platform's.
    const roles: { id: number; name: string }[] = await adminApi('/role/listAll');
    const seller = roles.find((r) => r.name === 'Seller')!;
    const granted: { id: number }[] = await adminApi(`/role/listResource/${seller.id}`);
    const all: { id: number; url: string }[] = await adminApi('/resource/listAll');
    const full = all.find((r) => r.url === '/flashSession/**')!;
    const resourceIds = [...granted.map((r) => r.id), full.id].join(',');
    await adminApi('/role/allocResource', { form: { roleId: String(seller.id), resourceIds } });

    const { context, page } = await session('seller', 'seller123');
    await goIn(page, `/sms/flashSession`);
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(() =>
        rows(page)
          .first()
          .getByText(/^(Enabled|Disabled)$/)
          .count(),
      )
      .toBe(1);
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await page.locator('tbody input[type="checkbox"]').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await shot(page, 'access-seller-flash-sessions');
    await context.close();
  });

  it('still gives the super admin every action', async () => {
    const { context, page } = await session('admin', 'admin123');
    await goIn(page, `/pms/brand`);
    // The two switches, and the row's selection box for the bulk actions.
    await expect.poll(() => rows(page).first().getByRole('switch').count(), { timeout: 20_000 }).toBe(2);
    expect(await rows(page).first().getByRole('checkbox').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(1);
    await expect.poll(() => rows(page).first().getByRole('link', { name: 'Edit' }).count()).toBe(1);
    expect(await rows(page).first().getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await context.close();
  });

  it('draws no denied form before "access denied": the form waits for the permission check', async () => {
    const { context, page } = await session('seller', 'seller123');
    // Brands are platform-wide: a seller may neither create nor edit one.
    for (const path of ['/pms/addBrand', '/pms/updateBrand?id=1']) {
      await page.evaluate(() => {
        const w = window as unknown as { formSeen?: boolean };
        w.formSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('main form, main input[name="name"]')) w.formSeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await goIn(page, path);
      await expect.poll(() => page.getByText('Access denied', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { formSeen?: boolean }).formSeen), path).toBe(false);
      await goIn(page, '/home');
    }
    await context.close();
  });

  it('shows "access denied" to a user whose role has the Members menu but not its calls', async () => {
    const menus: { id: number; name: string; parentId: number }[] = (
      await adminApi('/menu/list?pageNum=1&pageSize=500')
    ).list;
    const group = menus.find((m) => m.name === 'member')!;
    const ids = menus.filter((m) => m.id === group.id || m.parentId === group.id).map((m) => m.id);
    const role = await adminApi('/role/create', {
      json: { name: 'Members menu only', description: 'test', status: 1, sort: 0 },
    });
    await adminApi('/role/allocMenu', { form: { roleId: String(role.id), menuIds: ids.join(',') } });
    const operator = (await adminApi('/admin/list?pageNum=1&pageSize=50&keyword=operator')).list.find(
      (a: { username: string }) => a.username === 'operator',
    );
    await adminApi('/admin/role/update', { form: { adminId: String(operator.id), roleIds: String(role.id) } });

    for (const [lang, viewport, denied] of [
      ['en', undefined, 'Access denied'],
      ['zh', PHONE, '无权访问'],
    ] as const) {
      const { context, page } = await session('operator', 'operator123', lang, viewport);
      await goIn(page, `/member/memberList`);
      await expect.poll(() => page.getByText(denied, { exact: true }).count(), { timeout: 20_000 }).toBe(1);
      const body = await page.locator('body').innerText();
      expect(body).not.toMatch(/Forbidden|没有相关权限/);
      expect(body).not.toMatch(/No Members? found|没有找到/);
      expect(body).not.toMatch(/\d+-\d+ of \d+|共 \d+ 条/);
      await shot(page, `access-denied-${lang}`);
      await context.close();
    }
  });
});

describe("the spec's messages (§8)", () => {
  for (const [lang, texts] of [
    [
      'en',
      {
        invalid: 'Validation Failed',
        created: 'Submission Successful',
        updated: 'Edit Successful',
        deleted: 'Delete Success',
        save: 'Save',
        del: 'Delete',
        undo: 'Undo',
        cancelled: 'Operation cancelled',
      },
    ],
    [
      'zh',
      {
        invalid: '参数校验失败',
        created: '提交成功',
        updated: '修改成功',
        deleted: '删除成功',
        save: '保存',
        del: '删除',
        undo: '撤销',
        cancelled: '已取消操作',
      },
    ],
  ] as const) {
    it(`says them in ${lang} on a generated screen: invalid form, create, edit, cancelled, delete`, async () => {
      const { context, page } = await session('admin', 'admin123', lang);
      await goIn(page, `/memberLevel/create`);
      await page.locator('input[name="name"]').fill('x'); // too short
      await page.getByRole('button', { name: texts.save }).click();
      await expect.poll(() => toast(page, texts.invalid).count(), { timeout: 20_000 }).toBe(1);
      await shot(page, `access-invalid-form-${lang}`);

      await page.locator('input[name="name"]').fill(`Level ${lang}`);
      await page.getByRole('button', { name: texts.save }).click();
      await expect.poll(() => toast(page, texts.created).count(), { timeout: 20_000 }).toBe(1);

      const levels = await adminApi(`/memberLevel/list?pageNum=1&pageSize=50`); // upstream answers a plain array
      const level = (Array.isArray(levels) ? levels : levels.list).find(
        (l: { name: string }) => l.name === `Level ${lang}`,
      );
      await page.goto(`${server.url}/memberLevel/${level.id}`);
      await page.locator('input[name="name"]').fill(`Level ${lang} 2`);
      await page.getByRole('button', { name: texts.save }).click();
      await expect.poll(() => toast(page, texts.updated).count(), { timeout: 20_000 }).toBe(1);

      await page.goto(`${server.url}/memberLevel/${level.id}`);
      // A delete is undoable: undone, it says it was cancelled, and deletes nothing.
      await page.getByRole('button', { name: texts.del }).click();
      await expect.poll(() => toast(page, texts.deleted).count(), { timeout: 20_000 }).toBe(1);
      await page.locator('.MuiSnackbar-root').getByRole('button', { name: texts.undo }).click();
      await expect.poll(() => toast(page, texts.cancelled).count(), { timeout: 20_000 }).toBe(1);
      expect((await adminApi(`/memberLevel/${level.id}`)).name).toBe(`Level ${lang} 2`);
      await page.goto(`${server.url}/memberLevel/${level.id}`);
      await page.getByRole('button', { name: texts.del }).click();
      await expect.poll(() => toast(page, texts.deleted).count(), { timeout: 20_000 }).toBe(1);
      await shot(page, `access-deleted-${lang}`);
      // Left alone, it is done once the notification closes.
      await expect.poll(() => page.locator('.MuiSnackbar-root').count(), { timeout: 20_000 }).toBe(0);
      await expect
        .poll(() =>
          adminApi(`/memberLevel/${level.id}`).then(
            () => 'kept',
            () => 'gone',
          ),
        )
        .toBe('gone');
      await context.close();
    });
  }
});
