import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE_URL, launch, shot, staffToken } from './support';

jest.setTimeout(120_000);

const DATABASE_URL = process.env.E2E_DATABASE_URL;

/**
 * An administrator finds an event the products projection could not store (a CHECK constraint added to
 * the shop's database refuses it), reads it, retries it in vain, fixes the cause and retries it for good.
 */
describe('Parked events in the console', () => {
  let browser: Browser;
  let page: Page;
  let db: Client;
  const name = `Parked E2E ${Date.now().toString(36)}`;
  const constraint = `e2e_parked_${Date.now().toString(36)}`;
  const errors: string[] = [];

  if (!DATABASE_URL)
    console.log(
      "Parked-events journey skipped: it needs the database of the shop under test (E2E_DATABASE_URL), which only the suite's own shop gives.",
    );
  const test = DATABASE_URL ? it : it.skip;

  beforeAll(async () => {
    if (!DATABASE_URL) return;
    db = new Client({ connectionString: DATABASE_URL });
    await db.connect();
    browser = await launch();
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await db?.query(`ALTER TABLE rm.products DROP CONSTRAINT IF EXISTS ${constraint}`).catch(() => undefined);
    await db?.end();
    await browser?.close();
  });

  test('should show the parked event with its error and data, keep it after a failed retry, and project it after the fix', async () => {
    await db.query(`ALTER TABLE rm.products ADD CONSTRAINT ${constraint} CHECK (name <> '${name}')`);
    // On a fresh shop the first administrator may not be projected yet: try for a while.
    let token = '';
    for (const until = Date.now() + 60_000; !token;) {
      token = await staffToken().catch((e) => {
        if (Date.now() > until) throw e;
        return new Promise<string>((r) => setTimeout(() => r(''), 500));
      });
    }
    // A necklace: another journey counts the men's rings exactly, and journeys run side by side on one shop.
    await api('POST', '/api/admin/products', { name, price: 10, category: 'women-necklaces' }, token);
    const deadline = Date.now() + 30_000;
    let parked: any = null;
    while (!parked && Date.now() < deadline) {
      const list = await api('GET', '/api/admin/parked-events?consumer=projection:products&limit=100', undefined, token);
      parked = list.body.items?.find((p: any) => p.error.includes(constraint));
      if (!parked) await new Promise((r) => setTimeout(r, 200));
    }
    expect(parked).toBeTruthy();

    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Username').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    await page.getByRole('menuitem', { name: 'Parked events' }).click();
    await page.getByRole('heading', { name: 'Parked events', level: 4 }).waitFor();
    expect(page.url()).toContain('/admin/parked-events');
    const row = page.getByRole('row').filter({ hasText: constraint });
    await row.getByText('projection:products').waitFor();
    await row.getByText('ProductCreated').click();
    const detail = page.getByTestId('parked-event');
    await detail.getByText(`"name": "${name}"`).waitFor();
    await shot(page, '30-parked-event');

    await detail.getByRole('button', { name: 'Retry' }).click();
    await page
      .locator('.MuiSnackbar-root')
      .getByText(/still parked/)
      .waitFor();
    await db.query(`ALTER TABLE rm.products DROP CONSTRAINT ${constraint}`);
    await page.getByRole('row').filter({ hasText: constraint }).getByRole('button', { name: 'Retry' }).click();
    await page
      .locator('.MuiSnackbar-root')
      .getByText(/Handled 1 parked event in order/)
      .waitFor();
    await expect(page.getByRole('row').filter({ hasText: constraint }).count()).resolves.toBe(0);
    const found = await api('GET', `/api/products?search=${encodeURIComponent(name)}`);
    expect(found.body.total).toBe(1);
    expect(errors).toEqual([]);
  });
});
