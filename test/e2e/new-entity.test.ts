/**
 * The promise to developers, in the browser: in a temp copy of the project, add one schema (a batch-settable 0/1
 * switch, a reference, an image, a rich-text field, length limits, a menu), run codegen and the UI build, boot that
 * copy, and use the new entity's screens in Chromium — with no hand-written TypeScript for it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { copyProject } from '../../scripts/project-copy';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, liftPointer, PHONE, session, startServer, type Running, saveShot } from './harness';

const root = resolve(import.meta.dirname, '../..');
const fields = ['id', 'name', 'status', 'brandId', 'pic', 'description', 'createTime'];

const gadget = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'testGadget',
  title: 'TestGadget',
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', minLength: 2, maxLength: 40 },
    status: { type: 'integer', enum: [0, 1], default: 1 },
    brandId: { type: 'integer', 'x-admin': { ref: 'brand' } },
    pic: { type: 'string', maxLength: 255, 'x-admin': { input: 'image' } },
    description: { type: 'string', maxLength: 20000, 'x-admin': { input: 'richtext' } },
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
    fields: Object.fromEntries(fields.map((f) => [f, { en: `Gadget ${f}`, zh: `工具${f}` }])),
    enums: { status: { 0: { en: 'Off sale', zh: '下架' }, 1: { en: 'On sale', zh: '上架' } } },
    list: ['id', 'pic', 'name', 'brandId', 'status', 'createTime'],
    filters: { keyword: ['name'], status: 'eq' },
    sortable: ['id', 'name'],
    batch: ['status'],
  },
};

const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });
const row = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });

describe('a new schema becomes screens people use', () => {
  const temp = mkdtempSync(join(tmpdir(), 'new-entity-ui-'));
  let server: Running;
  let browser: Browser;

  beforeAll(async () => {
    copyProject(root, temp);
    writeFileSync(join(temp, 'schemas/testGadget.json'), JSON.stringify(gadget, null, 2));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/codegen/index.ts'], { cwd: temp, stdio: 'pipe' });
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: temp, stdio: 'pipe' });
    [server, browser] = await Promise.all([startServer({}, undefined, temp), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  it('has no hand-written code for it', () => {
    const src = join(temp, 'src');
    const files = readdirSync(src, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(
      files.filter((f) => /testGadget/i.test(readFileSync(join(f.parentPath, f.name), 'utf8'))).map((f) => f.name),
    ).toEqual([]);
  });

  it('lists, switches, refuses a one-letter name, creates, edits and deletes', async () => {
    const { context, page, errors } = await session(browser, server.url);
    const api = (path: string) =>
      page.evaluate(async (p) => {
        const res = await fetch(`/api${p}`, { headers: { Authorization: localStorage.getItem('loginToken') ?? '' } });
        return (await res.json()).data;
      }, path);

    // Its menu in the sidebar, its create page.
    await page.goto(`${server.url}/pms/testGadget`);
    await expect
      .poll(() => page.locator('.MuiDrawer-root').first().getByText('Gadgets', { exact: true }).count())
      .toBe(1);
    // Its menu shows the schema's icon (x-admin.icon Build).
    expect(await page.locator('.MuiDrawer-root').first().getByTestId('BuildIcon').count()).toBe(1);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="name"]').fill('Q');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Length must be between 2 and 40 characters').count()).toBeGreaterThan(0);
    expect((await api('/testGadget/list')).total).toBe(0);

    await page.locator('input[name="name"]').fill('Widget Pro');
    await page.getByRole('combobox', { name: 'Gadget brandId' }).click();
    await page.getByRole('option').first().click();
    await page
      .locator('[data-source="pic"] input[type="file"]')
      .setInputFiles(
        join(
          root,
          'src/server/domains/demo-images/pictures',
          readdirSync(join(root, 'src/server/domains/demo-images/pictures'))[0],
        ),
      );
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('A gadget for every pocket.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    await expect.poll(() => row(page, 'Widget Pro').count()).toBe(1);
    const [stored] = (await api('/testGadget/list?keyword=Widget')).list;
    expect(stored).toMatchObject({ name: 'Widget Pro', status: 1, description: '<p>A gadget for every pocket.</p>' });
    expect(stored.brandId).toBeGreaterThan(0);
    expect(stored.pic).toMatch(/\/uploads\//);

    // The batch field is an inline switch: one call, stored once its Undo has passed.
    await row(page, 'Widget Pro').getByRole('switch', { name: 'Gadget status' }).click();
    await expect.poll(() => toast(page, 'Update successful').count()).toBe(1);
    await expect.poll(async () => (await api(`/testGadget/${stored.id}`)).status).toBe(0);
    await saveShot(page, 'new-entity-list-en.png');

    await row(page, 'Widget Pro').getByRole('link', { name: 'Edit' }).click();
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe('Widget Pro');
    // The rich-text editor loads after the form (lazily): edit once the whole form is there.
    await page.locator('.ProseMirror').waitFor();
    // Under load the form can still re-initialise from the record read again after the list's copy: type until the
    // change holds (Save turns enabled only for a changed form).
    const name = page.locator('input[name="name"]');
    const save = page.getByRole('button', { name: 'Save' });
    await expect
      .poll(async () => {
        if ((await name.inputValue()) !== 'Widget Max') await name.fill('Widget Max');
        return save.isEnabled();
      })
      .toBe(true);
    await save.click();
    await expect.poll(() => toast(page, 'Edit Successful').count()).toBe(1);
    expect((await api(`/testGadget/${stored.id}`)).name).toBe('Widget Max');

    // A row delete and a bulk delete undone say "Operation cancelled" and delete nothing.
    const undo = async () => {
      await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Undo' }).click();
      await liftPointer(page);
    };
    await row(page, 'Widget Max').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, 'Widget Max').count()).toBe(0);
    await undo();
    await expect.poll(() => toast(page, 'Operation cancelled').count()).toBe(1);
    await expect.poll(() => row(page, 'Widget Max').count()).toBe(1);
    await row(page, 'Widget Max').getByRole('checkbox').check();
    await page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, 'Widget Max').count()).toBe(0);
    await undo();
    await expect.poll(() => row(page, 'Widget Max').count()).toBe(1);
    await expect.poll(() => page.locator('.MuiSnackbar-root').count()).toBe(0);
    expect((await api('/testGadget/list')).total).toBe(1);
    await row(page, 'Widget Max').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(page, 'Delete Success').count()).toBe(1);
    await expect.poll(async () => (await api('/testGadget/list')).total).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the list on a phone in Chinese, with its switch', async () => {
    const { context, page } = await session(browser, server.url, { lang: 'zh', viewport: PHONE });
    await page.evaluate(async () => {
      const headers = { Authorization: localStorage.getItem('loginToken') ?? '', 'content-type': 'application/json' };
      await fetch('/api/testGadget/create', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Pocket lamp', status: 1 }),
      });
    });
    await page.goto(`${server.url}/pms/testGadget`);
    await expect.poll(() => page.getByText('Pocket lamp').count()).toBe(1);
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.getByRole('switch', { name: '工具status' }).isChecked()).toBe(true);
    await saveShot(page, 'new-entity-list-zh-phone.png');
    await context.close();
  });
});
