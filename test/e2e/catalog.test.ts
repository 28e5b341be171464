/**
 * Issue 4 in a real browser: a product with two spec attributes, its SKUs generated, edited and price-synced, pictures
 * uploaded (bad files refused, saving blocked while one uploads), saved, reopened and found as saved, and still there
 * after a server restart; the SKU stock dialog; batch publish, transfer to category, recycle bin and restore; the
 * category (filter attributes, drill-down, switches) and attribute screens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, login, openPage, shutdown, startServer, type Running, saveShot, goIn } from './harness';

let server: Running;
let browser: Browser;
// Our own data folder, so the server can be restarted on the same database and uploads.
const dataDir = mkdtempSync(join(tmpdir(), 'mpa-e2e-catalog-'));

beforeAll(async () => {
  [server, browser] = await boot(dataDir);
});

afterAll(async () => {
  await shutdown(server, browser);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A 1×1 PNG: real magic bytes, so the server's content check accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Envelope = { code: number; message: string; data: any };

/** The API as the page's user sees it, independently of the screens. */
async function apiCall(page: Page, path: string, json?: unknown): Promise<Envelope> {
  return page.evaluate(
    async ([p, body]) => {
      const headers: Record<string, string> = { Authorization: localStorage.getItem('loginToken') ?? '' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`/api${p}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    [path, json] as const,
  );
}

async function created(page: Page, path: string, body: unknown): Promise<any> {
  const res = await apiCall(page, path, body);
  expect(res.code, res.message).toBe(200);
  return res.data;
}

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);
const row = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });

/** Types into the list's search box and waits until the list has taken it (it does so after a pause, and a click
 * made meanwhile would race the late filter). */
async function search(page: Page, text: string) {
  await page.locator('input[name="keyword"]').fill(text);
  await page.waitForURL((u) => JSON.parse(u.searchParams.get('filter') ?? '{}').keyword === text);
}

async function pick(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('catalog screens', () => {
  it('creates a product with SKUs, a picture and a price strategy, and finds it all on reopening', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);

    // A category pair and a product type with two spec attributes and one parameter, made through the API.
    const top = await created(page, '/productCategory/create', { name: 'E2E Top', parentId: 0 });
    await created(page, '/productCategory/create', { name: 'E2E Shoes', parentId: top.id });
    const type = await created(page, '/productAttribute/category/create', { name: 'E2E Footwear' });
    const spec = { productAttributeCategoryId: type.id, type: 0, inputType: 1, handAddStatus: 1, selectType: 2 };
    await created(page, '/productAttribute/create', { ...spec, name: 'Color', inputList: 'Red,Blue,Green', sort: 2 });
    await created(page, '/productAttribute/create', { ...spec, name: 'Size', inputList: 'S,M', sort: 1 });
    await created(page, '/productAttribute/create', {
      productAttributeCategoryId: type.id,
      type: 1,
      inputType: 0,
      name: 'Material',
    });

    const shop = (await apiCall(page, '/shop/list?sort=id&order=asc')).data.list[0];
    await goIn(page, `/product/create`);
    // Platform staff choose the product's shop (required: no product is stored without one).
    await page.locator('input[name="shopId"]').fill(shop.shopName);
    await page.getByRole('option', { name: shop.shopName, exact: true }).click();
    await pick(page, 'Top category', 'E2E Top');
    await pick(page, /^Category/, 'E2E Shoes');
    await page.locator('input[name="name"]').fill('E2E Runner');
    await page.locator('input[name="subTitle"]').fill('Light running shoe');
    await page.locator('textarea[name="description"]').fill('A shoe made for the browser test.');
    await page.locator('input[name="productSn"]').fill('E2E-0001');
    await page.locator('input[name="price"]').fill('99');
    await page.locator('input[name="stock"]').fill('-1');

    // The picture uploads slowly: saving meanwhile is refused with the spec's message.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const picInput = page.locator('[data-source="pic"] input[type="file"]');
    // Not a picture: refused here by type, and by content on the server when it only claims to be one.
    await picInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => toast(page, 'Only jpg/png pictures can be uploaded').count()).toBe(1);
    await picInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expect.poll(() => toast(page, /Only jpg\/png pictures can be uploaded/).count()).toBe(1);
    await page.route('**/api/minio/upload', async (route) => {
      await held;
      await route.continue();
    });
    await picInput.setInputFiles({ name: 'shoe.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByTestId('upload-progress').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/Please wait until all images are successfully uploaded/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    release();
    await expect.poll(() => page.locator('[data-source="pic"] [data-testid="image-tile"] img').count()).toBe(1);
    await page.unroute('**/api/minio/upload');
    const picUrl = await page.locator('[data-source="pic"] [data-testid="image-tile"] img').getAttribute('src');
    expect(picUrl).toMatch(/\/api\/uploads\/.+\.png$/);
    // Album: several pictures at once, kept comma-joined.
    const album = page.locator('[data-source="albumPics"]');
    await album.locator('input[type="file"]').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: PNG },
      { name: 'b.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect.poll(() => album.getByTestId('image-tile').count()).toBe(2);

    // Price strategy. A promotion price asks for its price and times (the schema's requiredWhen) before sending.
    await page.getByRole('tab', { name: 'Promotion' }).click();
    await page.getByRole('radio', { name: 'Promotion price' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    for (const prompt of [
      'Please enter Promotion price',
      'Please choose Promotion starts',
      'Please choose Promotion ends',
    ])
      await expect.poll(() => page.getByText(prompt).count()).toBe(1);
    await saveShot(page, 'catalog-product-promotion-required.png', { fullPage: true });
    // Quantity discounts instead: one row at least, three at most.
    await page.getByLabel('Quantity discount').check();
    await page.locator('input[name="productLadderList.0.count"]').fill('2');
    await page.locator('input[name="productLadderList.0.discount"]').fill('8');
    await page.locator('input[name="productLadderList.0.price"]').fill('90');

    // Type → spec values (one added by hand; a repeated one refused) → SKUs.
    await page.getByRole('tab', { name: 'Attributes and SKUs' }).click();
    await pick(page, 'Product type', 'E2E Footwear');
    const color = page.getByTestId('spec-Color');
    await color.getByLabel('Red').check();
    await color.getByLabel('Blue').check();
    const size = page.getByTestId('spec-Size');
    await size.getByLabel('S', { exact: true }).check();
    await size.getByLabel('New value of Size').fill('M');
    await size.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => size.getByText('Attribute values cannot be empty or repeated').count()).toBe(1);
    await size.getByLabel('New value of Size').fill('XL');
    await size.getByRole('button', { name: 'Add' }).click();
    await page.getByLabel('Material').fill('Mesh');

    // Spec values chosen but no SKU generated: the server refuses.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'No SKU information').count()).toBe(1);

    await page.getByRole('button', { name: 'Refresh list' }).click();
    const skuRows = page.getByTestId('sku-table').locator('tbody tr');
    await expect.poll(() => skuRows.count()).toBe(4);
    await page.locator('input[name="sku.0.price"]').fill('120.5');
    await page.locator('input[name="sku.0.skuCode"]').fill('RUN-RED-S');
    await page.locator('input[name="sku.1.stock"]').fill('7');
    await page.getByRole('button', { name: 'Sync price' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    for (let i = 0; i < 4; i++) expect(await page.locator(`input[name="sku.${i}.price"]`).inputValue()).toBe('120.5');
    await saveShot(page, 'catalog-product-skus.png', { fullPage: true });

    // PC detail in the rich-text editor: bold text survives as HTML.
    await page.getByRole('tab', { name: 'Detail' }).click();
    const pcDetail = page.locator('.ra-input-detailHtml .ProseMirror');
    await pcDetail.click();
    await page.keyboard.press('Control+B');
    await page.keyboard.type('Grippy sole');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/pms/product');

    // Reopen: everything as saved.
    await search(page, 'E2E Runner');
    await expect.poll(() => row(page, 'E2E Runner').count()).toBe(1);
    await row(page, 'E2E Runner').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL((u) => u.pathname === '/pms/updateProduct' && /^\d+$/.test(u.searchParams.get('id') ?? ''));
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe('E2E Runner');
    // A product with SKUs holds what they hold (0 + 7 + 0 + 0), whatever its own stock input said.
    expect(await page.locator('input[name="stock"]').inputValue()).toBe('7');
    // ...and the form says so: the stock input follows the SKUs and cannot be typed into.
    expect(await page.locator('input[name="stock"]').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByText("The SKUs' stock together (-1: one is unlimited)").count()).toBe(1);
    expect(await page.getByRole('combobox', { name: /^Category/ }).textContent()).toContain('E2E Shoes');
    expect(await page.locator('[data-source="pic"] [data-testid="image-tile"] img').getAttribute('src')).toBe(picUrl);
    expect(await page.locator('[data-source="albumPics"]').getByTestId('image-tile').count()).toBe(2);
    await page.getByRole('tab', { name: 'Promotion' }).click();
    expect(await page.getByLabel('Quantity discount').isChecked()).toBe(true);
    expect(await page.locator('input[name="productLadderList.0.discount"]').inputValue()).toBe('8');
    await page.getByRole('tab', { name: 'Attributes and SKUs' }).click();
    await expect.poll(() => skuRows.count()).toBe(4);
    expect(await page.getByTestId('spec-Size').getByLabel('XL').isChecked()).toBe(true);
    expect(await page.getByTestId('spec-Color').getByLabel('Green').isChecked()).toBe(false);
    expect(await page.getByLabel('Material').inputValue()).toBe('Mesh');
    const specs = await skuRows.locator('td:first-child').allTextContents();
    expect(specs).toEqual(['Red / S', 'Red / XL', 'Blue / S', 'Blue / XL']);
    expect(await page.locator('input[name="sku.0.skuCode"]').inputValue()).toBe('RUN-RED-S');
    expect(await page.locator('input[name="sku.1.stock"]').inputValue()).toBe('7');
    for (let i = 0; i < 4; i++) expect(await page.locator(`input[name="sku.${i}.price"]`).inputValue()).toBe('120.5');
    await page.getByRole('tab', { name: 'Detail' }).click();
    await expect.poll(() => page.locator('.ra-input-detailHtml .ProseMirror strong').textContent()).toBe('Grippy sole');
    await saveShot(page, 'catalog-product-reopened.png', { fullPage: true });
    // Member prices with none filled in: refused, and the prices are marked with the reason, not only a toast.
    await page.getByRole('tab', { name: 'Promotion' }).click();
    await page.getByLabel('Member price').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, /Validation Failed/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('At least one item must remain', { exact: true }).count()).toBe(1);
    expect(await page.locator('.MuiTextField-root .Mui-error input[type="number"]').count()).toBeGreaterThan(0);
    await saveShot(page, 'catalog-member-prices-refused.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes and transfers selected products in batch, and restores one from the recycle bin', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);
    const { list } = (await apiCall(page, '/product/list?keyword=E2E%20Runner')).data;
    expect(list).toHaveLength(1);
    const id = list[0].id;
    const tree = (await apiCall(page, '/productCategory/list/withChildren')).data as { id: number; name: string }[];
    const top = tree.find((c) => c.name === 'E2E Top')!;
    const target = await created(page, '/productCategory/create', { name: 'E2E Boots', parentId: top.id });

    await goIn(page, `/product`);
    await search(page, 'E2E Runner');
    await expect.poll(() => row(page, 'E2E Runner').count()).toBe(1);
    const select = () => row(page, 'E2E Runner').getByRole('checkbox').first().check();

    // The SKU stock dialog: one SKU's stock changed and saved with POST /sku/update/{pid}.
    await row(page, 'E2E Runner').getByRole('button', { name: 'Edit the SKU stock' }).click();
    const skuDialog = page.getByRole('dialog');
    await skuDialog.locator('input[name="sku.2.stock"]').fill('11');
    await skuDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Update successful').count()).toBe(1);
    const skus = (await apiCall(page, `/sku/${id}`)).data as { stock: number; spData: string }[];
    expect(skus.map((s) => s.stock)).toEqual([0, 7, 11, 0]);
    // The list's SKU stock column follows the SKUs at once (7 + 11).
    const stockCell = row(page, 'E2E Runner').getByRole('button', { name: 'Edit the SKU stock' }).locator('..');
    await expect.poll(() => stockCell.textContent()).toBe('18');

    // No operation chosen: refused with the spec's message.
    await select();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => toast(page, 'Please select a batch operation type').count()).toBe(1);

    await pick(page, 'Batch operation', 'Put on shelf');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => (await apiCall(page, `/product/updateInfo/${id}`)).data.publishStatus).toBe(1);

    await select();
    await pick(page, 'Batch operation', 'Transfer to category');
    await page.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog');
    await pick(page, 'Top category', 'E2E Top');
    await pick(page, /^Category/, 'E2E Boots');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(async () => (await apiCall(page, `/product/updateInfo/${id}`)).data.productCategoryId)
      .toBe(target.id);

    // The list filtered on the new category (two-level picker) holds just this product.
    await page.locator('input[name="keyword"]').fill('');
    // The cleared keyword reaches the list first (a filter added meanwhile would be lost with it).
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Category' }).click();
    await pick(page, 'Top category', 'E2E Top');
    await pick(page, /^Category/, 'E2E Boots');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await row(page, 'E2E Runner').count()).toBe(1);

    await select();
    await pick(page, 'Batch operation', 'Move to recycle bin');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row(page, 'E2E Runner').count()).toBe(0);
    await page.getByRole('tab', { name: 'Recycle bin' }).click();
    await expect.poll(() => row(page, 'E2E Runner').count()).toBe(1);
    await row(page, 'E2E Runner').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(async () => (await apiCall(page, `/product/updateInfo/${id}`)).data.deleteStatus).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('edits categories with filter attributes and drill-down, and attributes per product type', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);
    await goIn(page, `/productCategory`);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((u) => u.pathname === '/pms/addProductCate');
    await page.locator('input[name="name"]').fill('E2E Garden');
    await page.locator('input[name="productUnit"]').fill('piece');
    // Filter attributes: one row to start, at most three, at least one stays.
    const addRow = page.getByRole('button', { name: 'Add' });
    const removeRow = page.getByRole('button', { name: 'Remove' });
    expect(await removeRow.count()).toBe(0);
    await addRow.click();
    await addRow.click();
    await expect.poll(() => removeRow.count()).toBe(3);
    expect(await addRow.count()).toBe(0);
    await removeRow.nth(2).click();
    await removeRow.nth(1).click();
    await expect.poll(() => removeRow.count()).toBe(0);
    await pick(page, 'Product type', 'E2E Footwear');
    await pick(page, 'Attribute', 'Material');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/pms/productCate');
    const tree = (await apiCall(page, '/productCategory/list/withChildren')).data as { id: number; name: string }[];
    const garden = tree.find((c) => c.name === 'E2E Garden')!;
    const info = (await apiCall(page, `/productAttribute/attrInfo/${garden.id}`)).data;
    expect(info).toHaveLength(1);
    // Reopened, its form shows that attribute under its type, with room for two more.
    await goIn(page, `/pms/updateProductCate?id=${garden.id}`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Attribute' }).innerText()).toBe('Material');
    expect(await page.getByRole('combobox', { name: 'Product type' }).innerText()).toBe('E2E Footwear');
    expect(await addRow.count()).toBe(1);
    await saveShot(page, 'catalog-category-edit.png', { fullPage: true });
    await goIn(page, `/productCategory`);

    // Drill down to the children of a top category; its switches store once their undo window has passed.
    await search(page, 'E2E Top');
    await row(page, 'E2E Top').getByRole('link', { name: 'Sub-categories' }).click();
    await expect.poll(() => page.getByText('Sub-categories of E2E Top').count()).toBe(1);
    await expect.poll(() => row(page, 'E2E Shoes').count()).toBe(1);
    const shoes = (await apiCall(page, '/productCategory/list?keyword=E2E%20Shoes')).data.list[0];
    await row(page, 'E2E Shoes').getByLabel('In navigation').click();
    await expect.poll(() => toast(page, 'Update successful').count()).toBe(1);
    await expect
      .poll(async () => (await apiCall(page, `/productCategory/${shoes.id}`)).data.navStatus)
      .toBe(1 - shoes.navStatus);
    await saveShot(page, 'catalog-subcategories.png');

    // The params of a product type, and a new one created there.
    await goIn(page, `/productAttributeCategory`);
    await search(page, 'E2E Footwear');
    await expect.poll(() => row(page, 'E2E Footwear').count()).toBe(1);
    await row(page, 'E2E Footwear').getByRole('link', { name: 'Param list' }).click();
    await expect.poll(() => row(page, 'Material').count()).toBe(1);
    expect(await row(page, 'Color').count()).toBe(0);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="name"]').fill('Sole');
    expect(await page.getByRole('radio', { name: 'Param' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Pick from list' }).check();
    await page.locator('textarea[name="inputList"]').fill('Rubber\nFoam');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    await expect.poll(() => row(page, 'Sole').count()).toBe(1);
    expect(await row(page, 'Sole').textContent()).toContain('Rubber,Foam');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the product, its SKUs and its picture across a server restart', async () => {
    await server.stop();
    server = await startServer({}, dataDir);
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);
    const { list } = (await apiCall(page, '/product/list?keyword=E2E%20Runner')).data;
    await page.goto(`${server.url}/product/${list[0].id}`);
    const img = page.locator('[data-source="pic"] [data-testid="image-tile"] img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    await page.getByRole('tab', { name: 'Attributes and SKUs' }).click();
    await expect.poll(() => page.getByTestId('sku-table').locator('tbody tr').count()).toBe(4);
    expect(await page.locator('input[name="sku.0.skuCode"]').inputValue()).toBe('RUN-RED-S');
    expect(errors).toEqual([]);
    await context.close();
  });
});
