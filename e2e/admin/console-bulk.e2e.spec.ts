/**
 * The staff console's variants and stock forms checked by axe on a desktop and a phone; then a bulk status
 * change (one that works, one the workflow refuses and that says so per record), bulk "handled" and bulk
 * delete, and a CSV export (the walk of every page is console-a11y and console-a11y-phone).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { api, BASE_URL } from './support';
import { axeFindings, describeFindings, openConsole, settle, type Console } from './console-a11y';

jest.setTimeout(300_000);

describe('Staff console: accessibility, phones, bulk actions and export', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let phone: BrowserContext;
  let token: string;
  let stamp: string;
  let client: string;
  let ids: Record<string, string>;
  let signIn: Console['signIn'];
  let open: Console;
  beforeAll(async () => {
    open = await openConsole(['desktop', 'phone']);
    ({ browser, desktop, phone, token, stamp, client, ids, signIn } = open);
  });
  afterAll(async () => {
    await open?.browser.close();
  });

  describe('When staff define variants and adjust stock (issue 40)', () => {
    let page: Page;
    let productId: string;
    const name = `A11y Ring ${stamp}`;
    const notice = (text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text).first();

    beforeAll(async () => {
      const made = await api('POST', '/api/admin/products', { name, description: 'x', price: 980, category: 'women-rings' }, token);
      expect(made.status).toBe(201);
      productId = made.body.id;
      page = await desktop.newPage();
    });
    afterAll(async () => {
      await page.close();
      await api('DELETE', `/api/admin/products/${productId}`, undefined, token);
    });

    it('should edit the variants, adjust stock with a reason and show the ledger row, with no serious axe finding', async () => {
      const problems: string[] = [];
      await page.goto(`/admin/products/${productId}`);
      await settle(page);
      await page.getByRole('button', { name: 'Add option' }).click();
      await page.getByLabel('Option 1 name').fill('size');
      await page.getByLabel('Option 1 values').fill('6, 6.5');
      await page.getByRole('button', { name: 'Generate variants from options' }).click();
      const six = page.getByRole('group', { name: 'Size 6', exact: true });
      await six.getByRole('combobox', { name: 'Stock' }).click();
      await page.getByRole('option', { name: 'Stocked' }).click();
      await six.getByLabel('Units in stock').fill('-1');
      await six.getByText('Out of range').waitFor();
      await six.getByLabel('Units in stock').fill('2');
      await page.getByRole('group', { name: 'Size 6.5', exact: true }).getByRole('radio', { name: 'Default' }).check();
      problems.push(...describeFindings('variants form', await axeFindings(page)));
      await page.getByRole('button', { name: 'Save' }).click();
      await notice('Product updated successfully').waitFor();

      const saved = (await api('GET', `/api/products/${productId}`)).body;
      expect(saved.options).toEqual([{ name: 'size', values: ['6', '6.5'] }]);
      const variant = saved.variants.find((v: any) => v.options.size === '6');
      expect(variant).toMatchObject({ available: 2, is_default: false });
      expect(saved.variants.find((v: any) => v.options.size === '6.5')).toMatchObject({ available: null, is_default: true });

      await page.goto(`/admin/products/${productId}`);
      await settle(page);
      const stock = page.getByTestId(`stock-${variant.sku}`);
      await stock.getByTestId('stock-on_hand').getByText('2', { exact: true }).waitFor();
      await stock.getByRole('button', { name: 'Adjust stock of Size 6' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adjust stock of Size 6' });
      await dialog.getByLabel(/Units to add/).fill('3');
      await dialog.getByRole('button', { name: 'Adjust' }).click();
      await dialog.getByText('A reason is required').waitFor();
      problems.push(...describeFindings('adjust stock dialog', await axeFindings(page)));
      await dialog.getByLabel(/Reason/).fill('Received from the workshop');
      await dialog.getByRole('button', { name: 'Adjust' }).click();
      await notice('Stock of Size 6 adjusted').waitFor();
      await stock.getByTestId('stock-on_hand').getByText('5', { exact: true }).waitFor();
      await stock.getByTestId('stock-available').getByText('5', { exact: true }).waitFor();

      await stock.getByRole('button', { name: 'Ledger & reservations of Size 6' }).click();
      const ledger = page.getByRole('region', { name: 'Stock ledger of Size 6' });
      const adjusted = ledger.getByTestId('ledger-row').filter({ hasText: 'Received from the workshop' });
      await adjusted.waitFor();
      expect(await adjusted.innerText()).toMatch(/Adjusted\s+\+3/);
      await ledger.getByTestId('ledger-row').filter({ hasText: 'initial stock' }).waitFor();
      await page.getByRole('region', { name: 'Open reservations of Size 6' }).getByText('No open reservations.').waitFor();
      problems.push(...describeFindings('stock ledger', await axeFindings(page)));
      await screenshot(page, 'admin-console', 'product-variants-desktop');

      // The same page on a phone: no sideways scrolling, no serious finding.
      const onPhone = await phone.newPage();
      await onPhone.goto(`/admin/products/${productId}`);
      await settle(onPhone);
      const closed = await onPhone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (closed > 0) problems.push(`product variants, ledger closed: scrolls sideways by ${closed}px on a phone`);
      await onPhone.getByRole('button', { name: 'Ledger & reservations of Size 6' }).click();
      await onPhone.getByRole('region', { name: 'Stock ledger of Size 6' }).waitFor();
      const overflow = await onPhone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) problems.push(`product variants: scrolls sideways by ${overflow}px on a phone`);
      if (overflow > 0)
        problems.push(
          ...(await onPhone.evaluate(() => {
            const w = document.documentElement.clientWidth;
            return [...document.querySelectorAll('body *')]
              .filter((el) => el.getBoundingClientRect().right > w + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= w + 1)
              .slice(0, 8)
              .map(
                (el) =>
                  `${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(el.getBoundingClientRect().right)} ${(el.textContent ?? '').slice(0, 30)}`,
              );
          })),
        );
      problems.push(...describeFindings('product variants on a phone', await axeFindings(onPhone)));
      await screenshot(onPhone, 'admin-console', 'product-variants-phone');
      await onPhone.close();
      expect(problems).toEqual([]);

      // Full-page pictures at a laptop's and a phone's size, to look at.
      for (const [label, viewport] of [
        ['1366', { width: 1366, height: 900 }],
        ['390', { width: 390, height: 844 }],
      ] as const) {
        const sized = await browser.newContext({ baseURL: BASE_URL, viewport, reducedMotion: 'reduce', isMobile: label === '390' });
        await signIn(sized);
        const shot = await sized.newPage();
        await shot.goto(`/admin/products/${productId}`);
        await settle(shot);
        await shot.getByRole('button', { name: 'Ledger & reservations of Size 6' }).click();
        await shot.getByRole('region', { name: 'Stock ledger of Size 6' }).waitFor();
        mkdirSync(join(__dirname, '..', 'screenshots', 'admin-console'), { recursive: true });
        await shot.screenshot({
          path: join(__dirname, '..', 'screenshots', 'admin-console', `product-variants-${label}.png`),
          fullPage: true,
        });
        await sized.close();
      }

      // Staff's adjustment is in the variant's ledger as the API keeps it, with who and why.
      const rows = (await api('GET', `/api/admin/inventory/variants/${variant.id}/ledger`, undefined, token)).body.items;
      expect(rows[0]).toMatchObject({ kind: 'adjusted', quantity: 3, reason: 'Received from the workshop' });
    });
  });

  describe('When staff act on many records at once', () => {
    let page: Page;
    const notice = (text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text).first();
    const selectAll = () => page.getByRole('checkbox', { name: /select all/i }).check();

    beforeAll(async () => {
      page = await desktop.newPage();
    });
    afterAll(async () => {
      await page.close();
    });

    it("should keep the dashboard's links inside the console", async () => {
      await page.goto('/admin/dashboard');
      await page.getByText('Total products').click();
      await page.waitForURL('**/admin/products');
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    });

    it('should move the selected orders to a status through the status command of each', async () => {
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: client }))}`);
      await page.getByText('Bulk Client 0').waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.getByRole('menuitem', { name: 'Mark as Contacted' }).click();
      await notice('3 records moved to Contacted').waitFor();
      const after = await api('GET', `/api/admin/orders?q=${encodeURIComponent(client)}`, undefined, token);
      expect(after.body.items.map((o: any) => o.status)).toEqual(['contacted', 'contacted', 'contacted']);
      const history = await api('GET', `/api/admin/audit/streams/order-${ids.order1}`, undefined, token);
      expect(history.body.events.map((e: any) => e.type)).toContain('OrderStatusChanged');
    });

    it('should say which orders the workflow refused and keep them selected', async () => {
      // One of the three moves on first, so that only two are refused when all three are asked to be quoted twice.
      expect((await api('PUT', `/api/admin/orders/${ids.order2}`, { status: 'quoted' }, token)).status).toBeLessThan(300);
      await page.reload();
      await page.getByText('Bulk Client 0').waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.getByRole('menuitem', { name: 'Mark as Converted' }).click();
      await notice(/Not every record could be changed: 2 of 3 failed \(.+\)\. 1 done\./).waitFor();
      await page.getByText('2 items selected').waitFor();
      const after = await api('GET', `/api/admin/orders?q=${encodeURIComponent(client)}`, undefined, token);
      expect(after.body.items.map((o: any) => o.status).sort()).toEqual(['contacted', 'contacted', 'converted']);
    });

    it('should export the filtered orders as one CSV row each, the items in one cell', async () => {
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: client }))}`);
      await page.getByText('Bulk Client 0').waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      // The journeys' browser is shared over a connection, where a download has no local path: save a copy.
      const file = join(tmpdir(), `facet-export-${Date.now()}.csv`);
      await (await download).saveAs(file);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^reference,id,created_at,kind,status,payment_status,client,email,phone,address,item_count,items,/);
      expect(lines.filter((l) => l.includes(client))).toHaveLength(3);
      expect(lines.slice(1).some((l) => l.includes(`3 × A11y Pendant ${stamp} @ 640.00`))).toBe(true);
      const dir = join(__dirname, '..', 'screenshots', 'admin-console');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'orders-export.csv'), readFileSync(file));
    });

    it("should narrow the orders to a date range picked in the browser's own days", async () => {
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: client }))}`);
      await page.getByText('Bulk Client 0').waitFor();
      const [today, tomorrow] = await page.evaluate(() =>
        [new Date(), new Date(Date.now() + 86_400_000)].map((d) => d.toLocaleDateString('sv')),
      );
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Received from' }).click();
      await page.getByLabel('Received from').fill(tomorrow);
      await page.getByText('Bulk Client 0').waitFor({ state: 'detached' });
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}').from).toBeDefined();
      await page.getByLabel('Received from').fill(today);
      await page.getByText('Bulk Client 0').waitFor();
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Received until' }).click();
      await page.getByLabel('Received until').fill(today);
      await page.waitForURL((u) => JSON.parse(u.searchParams.get('filter') ?? '{}').to !== undefined);
      await page.getByText('1-3 of 3').waitFor();
      const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
      // The browser's day, sent as instants: its first and its last millisecond.
      expect(new Date(filter.from).toLocaleDateString('sv')).toBe(today);
      expect(new Date(filter.to).getTime() - new Date(filter.from).getTime()).toBe(86_400_000 - 1);
    });

    it('should mark the selected messages handled', async () => {
      await page.goto(`/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: `Bulk ${stamp}` }))}`);
      await page.getByText(`Bulk ${stamp} 0`).waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Mark handled' }).click();
      await notice('2 messages marked as handled').waitFor();
      const after = await api('GET', `/api/admin/messages?q=${encodeURIComponent(`Bulk ${stamp}`)}`, undefined, token);
      expect(after.body.items.map((m: any) => m.handled)).toEqual([true, true]);
    });

    it('should delete the selected products only after a confirmation', async () => {
      const extra = await api(
        'POST',
        '/api/admin/products',
        { name: `A11y Pendant ${stamp} two`, description: 'x', price: 10, category: 'women-necklaces' },
        token,
      );
      expect(extra.status).toBe(201);
      await page.goto(`/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: `A11y Pendant ${stamp}` }))}`);
      await page.getByText(`A11y Pendant ${stamp} two`).waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Delete' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Delete 2 products?').waitFor();
      await dialog.getByText(/cannot be undone/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await api('GET', `/api/products/${extra.body.id}`)).status).toBe(200);
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await notice('2 products deleted').waitFor();
      expect((await api('GET', `/api/products/${extra.body.id}`)).status).toBe(404);
      expect((await api('GET', `/api/products/${ids.product}`)).status).toBe(404);
    });
  });
});
