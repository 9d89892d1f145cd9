/**
 * What a held-out walk of the console found (issue 41), walked again: the products CSV (one row per product,
 * not 1,039 columns), a customer's erasure (back to the list, no Delete left on their page), the product page
 * and an order's items on a phone (nothing wider than the screen), the orders list at 1366 px (Payment in
 * view), and a correlation id followed from History to the audit log and from the log's JSON to itself.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { untilPainted } from '../support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE_URL, launch, SCREENSHOT_DIR, staffToken, untilListed } from './support';

jest.setTimeout(180_000);

const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A small RFC 4180 reader: what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((cell += '"'), i++);
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(cell), (cell = ''));
    else if (c === '\n') (row.push(cell), rows.push(row), (row = []), (cell = ''));
    else if (c !== '\r') cell += c;
  }
  if (cell !== '' || row.length > 0) (row.push(cell), rows.push(row));
  return rows;
}

/** Waits for the page to settle: its title filled in, no spinner, the network quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('h1')?.textContent ?? '').trim().length > 0, undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await untilPainted(page);
}

async function picture(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** How far the page scrolls sideways, and the elements that stick out past the screen's right edge. */
function sideways(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > w + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= w + 1)
      .slice(0, 6)
      .map((el) => `${el.tagName}.${String(el.className).slice(0, 50)} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { overflow: document.documentElement.scrollWidth - w, culprits };
  });
}

describe('The console, walked again (issue 41)', () => {
  let browser: Browser;
  let laptop: BrowserContext;
  let phone: BrowserContext;
  let token: string;
  const errors: string[] = [];
  const stamp = Date.now().toString(36);
  const longEmail = `maximiliana.featherstonehaugh.wolfeschlegel.${stamp}@atelier-example.com`;
  let productId: string;
  let orderId: string;

  async function signedIn(viewport: { width: number; height: number }): Promise<BrowserContext> {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport,
      reducedMotion: 'reduce',
      acceptDownloads: true,
      isMobile: viewport.width < 600,
      hasTouch: viewport.width < 600,
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Username').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard', { timeout: 60_000 });
    await page.close();
    return context;
  }

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(path);
    await settle(page);
    return page;
  }

  beforeAll(async () => {
    token = await staffToken();
    // A piece edited twice (a History with versions), with a long feature and a formula-like one for the CSV.
    const created = await api(
      'POST',
      '/api/admin/products',
      {
        name: `Walk Eternity Ring ${stamp}`,
        description: 'Hand-set diamonds all the way round, for the walk of the console',
        price: 2400,
        category: 'women-rings',
        features: ['=1+1 carats, all the way round', 'Platinum 950'],
      },
      token,
    );
    expect(created.status).toBe(201);
    productId = created.body.id;
    // An order from a client with a long name and an e-mail with no break in it.
    const order = await api('POST', '/api/orders', {
      items: [{ product_id: created.body.id, product_name: created.body.name, price: 2400, quantity: 2 }],
      shipping: {
        first_name: 'Maximiliana',
        last_name: 'Featherstonehaugh-Wolfeschlegel',
        email: longEmail,
        phone: '+1 212 555 0199',
        address: '1 Main St',
        city: 'New York',
        state: 'NY',
        zip_code: '10001',
        country: 'US',
      },
      payment: { card_name: '', last_4: '' },
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    });
    expect(order.status).toBeLessThan(300);
    orderId = order.body.order_id;
    // Then priced twice more: versions for the History.
    for (const [version, price] of [2600, 2750].entries())
      expect((await api('PUT', `/api/admin/products/${productId}`, { price, version }, token)).status).toBe(200);
    await untilListed(`/api/admin/orders?q=${encodeURIComponent(longEmail)}`, (b) => b.total === 1, token);
    browser = await launch();
    laptop = await signedIn(LAPTOP);
    phone = await signedIn(PHONE);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should export the products as one row per variant with named columns, not 1,039 columns', async () => {
    const page = await open(laptop, '/admin/products');
    await page.getByRole('button', { name: 'Export' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    // The journeys' browser is shared over a connection, where a download has no local path: save a copy.
    const file = join(tmpdir(), `facet-export-${Date.now()}.csv`);
    await (await download).saveAs(file);
    const text = readFileSync(file, 'utf8');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, 'walk-products-export.csv'), text);
    const [header, ...rows] = parseCsv(text.trim());
    // The product's columns, the variant's, and one per option name (size, metal...).
    expect(header.length).toBeLessThanOrEqual(40);
    expect(header.slice(0, 4)).toEqual(['id', 'name', 'category', 'price']);
    expect(header).toEqual(expect.arrayContaining(['variant_sku', 'variant', 'variant_price', 'variant_stock']));
    for (const row of rows) expect(row).toHaveLength(header.length);
    // Every product of the catalogue (journeys beside this one may add some meanwhile), each variant once.
    const ids = new Set(rows.map((r) => r[0]));
    const total = (await api('GET', '/api/admin/products?limit=1', undefined, token)).body.total;
    expect(ids.size).toBeGreaterThanOrEqual(Math.min(total, 64));
    const variantKeys = rows.map((r) => `${r[0]} ${r[header.indexOf('variant_sku')]}`);
    expect(new Set(variantKeys).size).toBe(variantKeys.length);
    const mine = rows.filter((r) => r[0] === productId);
    const detail = (await api('GET', `/api/products/${productId}`)).body as { variants: { sku: string }[] };
    expect(mine.map((r) => r[header.indexOf('variant_sku')]).sort()).toEqual(
      detail.variants.length ? detail.variants.map((v) => v.sku).sort() : [''],
    );
    for (const row of mine) {
      expect(row[header.indexOf('name')]).toBe(`Walk Eternity Ring ${stamp}`);
      expect(row[header.indexOf('category')]).toBe("Women's Rings");
      expect(row[header.indexOf('price')]).toBe('2750.00');
      // A feature a spreadsheet would run as a formula is defused.
      expect(row[header.indexOf('features')]).toBe(`'=1+1 carats, all the way round; Platinum 950`);
    }
    await page.close();
  });

  it('should go back to the customer list after an erasure, and offer no Delete on the erased customer’s page', async () => {
    const email = `walk.erase.${stamp}@example.com`;
    expect((await api('POST', '/api/auth/register', { email, password: 'Erase-Me-1985!' })).status).toBeLessThan(300);
    const listed = await untilListed(`/api/admin/customers?q=${encodeURIComponent(email)}`, (b) => b.total === 1, token);
    const customerId = listed.items[0].id;
    const page = await open(laptop, `/admin/customers/${customerId}/show`);
    await page.getByText(email).first().waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByText(/cannot be undone/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.MuiSnackbar-root').getByText('Customer deleted successfully').waitFor();
    await page.waitForURL(/\/admin\/customers(\?.*)?$/);
    await page.getByRole('heading', { level: 1, name: 'Customer database' }).waitFor();
    expect(await page.getByText(email).count()).toBe(0);
    await picture(page, 'walk-erased-back-to-list-1366');

    // Their page, opened again: says they were erased, shows no e-mail and offers no Delete.
    await page.goto(`/admin/customers/${customerId}/show`);
    await page.getByTestId('history-erased').waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByText(email).count()).toBe(0);
    await picture(page, 'walk-erased-customer-page-1366');
    await page.close();
  });

  it('should fit the product edit page, with its History, on a phone', async () => {
    const page = await open(phone, `/admin/products/${productId}`);
    const history = page.getByTestId('record-history');
    await history.scrollIntoViewIfNeeded();
    await history.getByText('ProductEdited').first().waitFor();
    const { overflow, culprits } = await sideways(page);
    expect(culprits).toEqual([]);
    expect(overflow).toBeLessThanOrEqual(0);
    // No table wider than the screen anywhere on it, scrolled out of sight or not.
    const widest = await page.evaluate(() =>
      Math.max(0, ...[...document.querySelectorAll('table')].map((t) => t.getBoundingClientRect().right)),
    );
    expect(widest).toBeLessThanOrEqual(PHONE.width);
    await picture(page, 'walk-product-edit-390');
    await page.close();
    const wide = await open(laptop, `/admin/products/${productId}`);
    await wide.getByTestId('record-history').getByText('ProductEdited').first().waitFor();
    await picture(wide, 'walk-product-edit-1366');
    await wide.close();
  });

  it("should show an order's items whole on a phone", async () => {
    const page = await open(phone, `/admin/orders/${orderId}/show`);
    const line = page.getByRole('columnheader', { name: 'Line' });
    await line.waitFor();
    const box = (await line.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect((await sideways(page)).overflow).toBeLessThanOrEqual(0);
    await picture(page, 'walk-order-show-390');
    await page.close();
    const wide = await open(laptop, `/admin/orders/${orderId}/show`);
    await picture(wide, 'walk-order-show-1366');
    await wide.close();
  });

  it('should show every column of the orders list at 1366 px, Payment included', async () => {
    const page = await open(laptop, `/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: longEmail }))}`);
    await page.getByText('Maximiliana').first().waitFor();
    const payment = page.getByRole('columnheader', { name: 'Payment' });
    const box = (await payment.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
    // Not hidden behind the table's own sideways scroll either.
    const scrolls = await page.evaluate(() => {
      const table = document.querySelector('table.RaDatagrid-table');
      const wrapper = table?.parentElement;
      return wrapper ? wrapper.scrollWidth - wrapper.clientWidth : -1;
    });
    expect(scrolls).toBeLessThanOrEqual(0);
    await picture(page, 'walk-orders-list-1366');
    await page.close();
    const small = await open(phone, `/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: longEmail }))}`);
    await picture(small, 'walk-orders-list-390');
    await small.close();
  });

  it('should follow a correlation id from History to the audit log, filter by it there, and link it from the JSON', async () => {
    const stream = (await api('GET', `/api/admin/audit/streams/product-${productId}`, undefined, token)).body;
    const edited = stream.events.find((e: any) => e.revision === 2);
    const correlation: string = edited.correlation_id;
    expect(correlation).toMatch(/^[0-9a-f-]{36}$/);

    // From the product's History: the id is a link to the log filtered by it.
    const page = await open(laptop, `/admin/products/${productId}`);
    const history = page.getByTestId('record-history');
    await history.getByText('ProductEdited').first().waitFor();
    await history.locator(`a[data-testid="correlation-link"][href*="${correlation}"]`).first().click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(`"correlation_id":"${correlation}"`));
    await settle(page);
    await expect(page.getByLabel('Correlation id').inputValue()).resolves.toBe(correlation);
    const rows = page.locator('table.RaDatagrid-table tbody tr.RaDatagrid-row');
    await rows.getByText('ProductEdited').first().waitFor();
    // Only that conversation: the edit (and whatever it caused), none of the product's other versions.
    expect(await rows.count()).toBeLessThan(stream.events.length);
    await picture(page, 'walk-audit-by-correlation-1366');

    // Typed into the filter: the same conversation.
    await page.goto('/admin/audit-events');
    await settle(page);
    await page.getByLabel('Correlation id').fill(correlation);
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(correlation));
    await page.locator('table.RaDatagrid-table tbody tr.RaDatagrid-row').first().getByText('ProductEdited').waitFor();
    // The expanded JSON's correlation id is a link to that filter too.
    await page.locator('table.RaDatagrid-table tbody tr.RaDatagrid-row').first().click();
    const link = page.locator('pre').getByTestId('correlation-link');
    await link.waitFor();
    expect(await link.textContent()).toBe(`"${correlation}"`);
    expect(decodeURIComponent((await link.getAttribute('href')) ?? '')).toContain(`{"correlation_id":"${correlation}"}`);
    await picture(page, 'walk-audit-json-link-1366');

    // On a phone: the filter and the links are there too, and nothing scrolls sideways.
    const small = await open(phone, `/admin/audit-events?filter=${encodeURIComponent(JSON.stringify({ correlation_id: correlation }))}`);
    await small.getByText('ProductEdited').first().waitFor();
    expect((await sideways(small)).overflow).toBeLessThanOrEqual(0);
    await picture(small, 'walk-audit-by-correlation-390');
    await small.close();
    await page.close();
    expect(errors).toEqual([]);
  });
});
