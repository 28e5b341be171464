/**
 * Orders in a real browser, against the real server and its demo data: two orders shipped from the list in one batch,
 * one opened with its history row and tracking, another closed with a note (an empty one refused), a return handled
 * through to completed, and an order paid from a member's balance after the balance limit refused it. Screenshots
 * in en and zh, desktop and phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, boot, DESKTOP, PHONE, session, shutdown, type Running, saveShot, goIn } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(async () => {
  await shutdown(server, browser);
});

const data = apiData;

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);
const row = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });
const shot = (page: Page, name: string) => saveShot(page, `${name}.png`, { fullPage: true });
const dialog = (page: Page) => page.getByRole('dialog');

describe('orders', () => {
  it('ships two orders from the list in one batch and shows the history row and tracking', async () => {
    const { context, page, errors } = await session(browser, server.url);
    await goIn(page, `/oms/order`);
    const tab = page.getByRole('tab', { name: /^Pending shipment \(\d+\)$/ });
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    // The list shows the previous rows until the filtered ones arrive.
    const rows = () => page.locator('tbody tr').allInnerTexts();
    await expect
      .poll(async () => (await rows()).length > 2 && (await rows()).every((r) => r.includes('Pending shipment')))
      .toBe(true);
    const sns: string[] = [];
    for (const i of [0, 1]) {
      const r = page.locator('tbody tr').nth(i);
      sns.push((await r.locator('td').nth(2).innerText()).trim());
      await r.locator('input[type="checkbox"]').check();
    }
    await shot(page, 'orders-list-en-desktop');
    // The order's own batch bar: ship, close, and one delete (of the selected orders it applies to).
    const bar = page.locator('.RaBulkActionsToolbar-toolbar');
    await expect.poll(() => bar.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Ship', exact: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/oms/deliverOrderList');
    await expect.poll(() => page.getByTestId('ship-order').count()).toBe(2);
    // Both fields are required: nothing is sent without them.
    await page.getByRole('button', { name: 'Ship now' }).click();
    await expect.poll(() => page.getByText(/^Please (enter|choose) /).count()).toBeGreaterThan(0);
    for (const i of [0, 1]) {
      await page.locator(`input[name="items.${i}.deliveryCompany"]`).fill('SF Express');
      await page.getByRole('option', { name: 'SF Express', exact: true }).click();
      await page.locator(`input[name="items.${i}.deliverySn"]`).fill(`SF10000${i}`);
    }
    await shot(page, 'orders-ship-en-desktop');
    await page.getByRole('button', { name: 'Ship now' }).click();
    await expect.poll(() => toast(page, 'Shipment successful').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/oms/order');

    const shipped = await data(page, `/order/list?orderSn=${sns[0]}`);
    expect(shipped.list[0]).toMatchObject({ status: 2, deliveryCompany: 'SF Express', deliverySn: 'SF100000' });
    expect((await data(page, `/order/list?orderSn=${sns[1]}`)).list[0].status).toBe(2);

    // The detail: the shipment in the history, and its first tracking event. A page load, not an in-app move: the
    // list just shown puts its remembered tab back into the address a moment after it mounts, which would take an
    // in-app move straight back to the list.
    await page.goto(`${server.url}/oms/orderDetail?id=${shipped.list[0].id}`);
    await expect
      .poll(() => page.getByTestId('order-history').locator('tbody tr').first().innerText())
      .toMatch(/Shipped/);
    await expect.poll(() => page.getByTestId('order-lines').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Track' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('order-track')
          .getByText(/SF100000/)
          .count(),
      )
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await shot(page, 'order-detail-en-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes an unpaid order with a note, refusing an empty one', async () => {
    const { context, page } = await session(browser, server.url);
    const order = (await data(page, '/order/list?status=0&pageSize=1')).list[0];
    await goIn(page, `/oms/orderDetail?id=${order.id}`);
    await page.getByRole('button', { name: 'Close order' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog(page).getByText('Operation note cannot be empty').count()).toBe(1);
    await dialog(page).locator('textarea[name="note"]').fill('Customer asked to cancel');
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toast(page, 'Update successful').count()).toBe(1);
    const detail = await data(page, `/order/${order.id}`);
    expect(detail.status).toBe(4);
    expect(detail.historyList[0].note).toMatch(/Customer asked to cancel/);
    await expect
      .poll(() => page.getByTestId('order-history').locator('tbody tr').first().innerText())
      .toMatch(/Customer asked to cancel/);
    // Closed: the actions it no longer allows are gone.
    await expect.poll(() => page.getByRole('button', { name: 'Close order' }).count()).toBe(0);
    // A closed order may be deleted: asked first, then gone, back on the list.
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toast(page, 'Delete Success').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/oms/order');
    expect((await data(page, `/order/list?orderSn=${order.orderSn}`)).list).toEqual([]);
    await context.close();
  });

  it('handles a return application from pending to completed', async () => {
    const { context, page } = await session(browser, server.url);
    const apply = (await data(page, '/returnApply/list?status=0&pageSize=1')).list[0];
    await goIn(page, `/oms/returnApplyDetail?id=${apply.id}`);
    await page.getByRole('button', { name: 'Confirm return' }).click();
    // What the step requires (its schema's): the refund and the receiving point are marked required.
    await expect.poll(() => dialog(page).locator('label', { hasText: '*' }).count()).toBe(2);
    await dialog(page).locator('input[name="companyAddressId"]').click();
    await page.getByRole('option').first().click();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toast(page, 'Update successful').count()).toBe(1);
    await expect.poll(async () => (await data(page, `/returnApply/${apply.id}`)).status).toBe(1);
    await page.getByRole('button', { name: 'Confirm receipt' }).click();
    await dialog(page).locator('textarea[name="receiveNote"], input[name="receiveNote"]').fill('Parcel intact');
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await data(page, `/returnApply/${apply.id}`)).status).toBe(2);
    await expect.poll(() => page.getByText('Parcel intact').count()).toBeGreaterThan(0);
    await shot(page, 'return-detail-en-desktop');
    await context.close();
  });

  it('pays an order from a balance after the balance limit refused it', async () => {
    const { context, page } = await session(browser, server.url);
    // An unpaid order its member's balance cannot cover.
    const unpaid = (await data(page, '/order/list?status=0&pageSize=50&sort=payAmount&order=desc')).list;
    let order: any;
    let member: any;
    for (const o of unpaid) {
      member = await data(page, `/member/${o.memberId}`);
      if (Number(member.balance) < Number(o.payAmount)) {
        order = o;
        break;
      }
    }
    expect(order).toBeDefined();
    const cashier = async () => {
      await page.getByRole('button', { name: 'Cashier' }).click();
      await dialog(page).locator('input[name="memberId"]').fill(member.username);
      await page.getByRole('option', { name: member.username, exact: true }).click();
      await dialog(page)
        .getByRole('checkbox', { name: new RegExp(order.orderSn) })
        .check();
    };
    await goIn(page, `/oms/balanceList`);
    await cashier();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => dialog(page).getByText('Exceed balance limit').count()).toBe(1);
    // More than the orders come to is refused too.
    await dialog(page)
      .locator('input[name="amount"]')
      .fill(String(Number(order.payAmount) + 1));
    await expect.poll(() => dialog(page).getByText('Exceed order amount').count()).toBe(1);
    await shot(page, 'cashier-refused-en-desktop');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Recharge enough, then pay.
    await page.getByRole('button', { name: 'Recharge' }).click();
    await dialog(page).locator('input[name="memberId"]').fill(member.username);
    await page.getByRole('option', { name: member.username, exact: true }).click();
    await dialog(page)
      .locator('input[name="amount"]')
      .fill(String(Math.ceil(Number(order.payAmount))));
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);

    await cashier();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await data(page, `/order/${order.id}`)).status).toBe(1);
    const paid = await data(page, `/order/${order.id}`);
    expect(paid.historyList[0].note).toMatch(/Paid from balance/);
    expect(Number((await data(page, `/member/${member.id}`)).balance)).toBeGreaterThanOrEqual(0);
    // The payment is listed with the order it paid.
    await expect.poll(() => row(page, order.orderSn).count()).toBeGreaterThan(0);
    await context.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`shows the order screens in ${lang} on a ${size}`, async () => {
        const { context, page, errors } = await session(browser, server.url, { lang, viewport });
        const order = (await data(page, '/order/list?status=2&pageSize=1')).list[0];
        await goIn(page, `/oms/order`);
        await expect.poll(() => page.getByRole('tab').count()).toBe(7);
        await shot(page, `orders-list-${lang}-${size}`);
        await goIn(page, `/oms/orderDetail?id=${order.id}`);
        await expect.poll(() => page.getByTestId('order-lines').count()).toBe(1);
        await shot(page, `order-detail-${lang}-${size}`);
        // Within the screen's width: the page (its tables scroll in their own boxes) and each action's dialog.
        const { width } = viewport;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const actions = page.locator('.MuiToolbar-root:not(.RaAppBar-toolbar) button');
        await expect.poll(() => actions.count()).toBeGreaterThan(2);
        for (let i = 0; i < (await actions.count()); i++) {
          await actions.nth(i).click();
          const dialog = page.getByRole('dialog');
          await dialog.waitFor();
          const edges = await dialog
            .getByRole('button')
            .evaluateAll((all) => all.map((b) => b.getBoundingClientRect().right));
          expect(Math.max(...edges), String(await actions.nth(i).getAttribute('aria-label'))).toBeLessThanOrEqual(
            width,
          );
          if (i === 0) await shot(page, `order-dialog-${lang}-${size}`);
          await page.keyboard.press('Escape');
          await expect.poll(() => dialog.count()).toBe(0);
        }
        await goIn(page, `/oms/returnApply`);
        await expect.poll(() => page.getByRole('tab').count()).toBe(5);
        await shot(page, `returns-list-${lang}-${size}`);
        await goIn(page, `/oms/balanceList`);
        await expect.poll(() => page.locator('.RaList-main').count()).toBe(1);
        await shot(page, `balance-list-${lang}-${size}`);
        await goIn(page, `/oms/orderSetting`);
        await expect.poll(() => page.locator('input[name="confirmOvertime"]').count()).toBe(1);
        await shot(page, `order-setting-${lang}-${size}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
