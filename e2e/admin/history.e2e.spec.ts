import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE_URL, launch, shot, staffToken } from './support';

jest.setTimeout(120_000);

/** The History view: a product whose price changed twice, seen at each version by dragging the time slider. */
describe('A product as it was, in the console', () => {
  let browser: Browser;
  let page: Page;
  let productId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    const token = await staffToken();
    const created = await api(
      'POST',
      '/api/admin/products',
      {
        name: `Time Slider Ring ${Date.now().toString(36)}`,
        description: 'Priced three times',
        price: 1000,
        category: 'women-rings',
        features: ['Gold'],
      },
      token,
    );
    expect(created.status).toBe(201);
    productId = created.body.id;
    for (const [version, price] of [2500, 4000].entries()) {
      const edited = await api('PUT', `/api/admin/products/${productId}`, { price, version }, token);
      expect(edited.status).toBe(200);
    }
    browser = await launch();
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 1000 }, reducedMotion: 'reduce' });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should show each price as the slider is dragged across the versions, with what changed', async () => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Username').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`/admin/products/${productId}`);

    const price = page.getByTestId('as-of-state').locator('[data-field="fields.price_cents"]');
    await shows(price, '$4,000.00');
    const slider = page.getByTestId('version-slider');
    // Below the product's form (options, variants, gallery and stock make it long): in view before dragging.
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    const thumb = slider.locator('.MuiSlider-thumb');
    const y = box.y + box.height / 2;

    // Drag the thumb from the newest version to the oldest, then to the middle.
    const drag = async (fraction: number) => {
      const t = (await thumb.boundingBox())!;
      await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * fraction, y, { steps: 8 });
      await page.mouse.up();
    };
    await drag(0);
    await shows(price, '$1,000.00');
    await shows(page.getByTestId('as-of-caption'), 'Version 0 of 2: ProductCreated', false);
    await shot(page, 'history-version-0');

    await drag(0.5);
    await shows(price, '$2,500.00');
    await shows(page.getByTestId('as-of-caption'), 'Version 1 of 2: ProductEdited', false);
    const diff = page.getByTestId('version-diff');
    await shows(diff, 'fields.price_cents', false);
    await shows(diff, '$1,000.00', false);
    await shows(diff, '$2,500.00', false);
    // Who: the administrator by name, not just "staff".
    await shows(diff, '(staff)', false);
    expect(await diff.textContent()).not.toMatch(/(^|[^\w])staff ·/);
    await shot(page, 'history-version-1');

    await drag(1);
    await shows(price, '$4,000.00');
    await shows(diff, '$2,500.00', false);
    expect(errors).toEqual([]);
  });
});

/** The customer page: a customer's History with the time slider, who changed what, and an erased customer's page. */
describe('A customer as they were, in the console', () => {
  let browser: Browser;
  let page: Page;
  let customerId: string;
  const email = `history.${Date.now().toString(36)}@facet.example`;
  const password = 'Brilliant-Cut-1985!';
  const errors: string[] = [];

  beforeAll(async () => {
    const registered = await api('POST', '/api/auth/register', { email, password });
    expect([201, 202]).toContain(registered.status);
    // The verification token, from the link the sign-up answers outside production (staff see the mail's code hidden).
    const code = new URL(registered.body.verification_link).searchParams.get('token');
    expect(code).toBeTruthy();
    expect([200, 202]).toContain((await api('POST', '/api/auth/verify-email', { email, token: code })).status);
    const login = await api('POST', '/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    customerId = login.body.user.id;
    const profile = await fetch(`${BASE_URL}/api/me`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.token}`, 'x-requested-with': 'facet' },
      body: JSON.stringify({ firstName: 'Historia', lastName: 'Sliderton', phone: '+1 (617) 555-0199' }),
    });
    expect(profile.status).toBe(200);
    browser = await launch();
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 1000 }, reducedMotion: 'reduce' });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("should open a customer's history, name the customer as who changed the profile, go back to the first version, and say when they were erased", async () => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Username').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`/admin/customers/${customerId}/show/history`);

    const caption = page.getByTestId('as-of-caption');
    await shows(caption, 'CustomerProfileUpdated', false);
    const firstName = page.getByTestId('as-of-state').locator('[data-field="profile.first_name"], [data-field="first_name"]').first();
    await shows(firstName, 'Historia');
    const diff = page.getByTestId('version-diff');
    await shows(diff, 'Historia', false);
    await shows(diff, 'customer ·', false);
    await shot(page, 'customer-history-latest');

    // To the first version with the keyboard (the product journey above drags the thumb with the mouse).
    await page.getByTestId('version-slider').locator('input[type="range"]').focus();
    await page.keyboard.press('Home');
    await shows(caption, 'Version 0 of', false);
    await shows(caption, 'CustomerRegistered', false);
    expect(await page.getByTestId('as-of-state').textContent()).not.toContain('Historia');
    await shot(page, 'customer-history-version-0');

    // Erased: the page says so instead of a history.
    const token = await staffToken();
    expect((await api('DELETE', `/api/admin/customers/${customerId}`, undefined, token)).status).toBe(200);
    for (let i = 0; i < 50 && (await api('GET', `/api/admin/customers/${customerId}`, undefined, token)).status !== 404; i++)
      await new Promise((r) => setTimeout(r, 200));
    await page.goto(`/admin/customers/${customerId}/show/history`);
    await shows(page.getByTestId('history-erased'), 'erased', false);
    expect(await page.content()).not.toContain('Historia');
    await shot(page, 'customer-history-erased');
    expect(errors).toEqual([]);
  });
});

/** Waits until the locator's text equals (or contains) what is expected; fails with what it showed instead. */
async function shows(locator: Locator, text: string, exact = true): Promise<void> {
  const deadline = Date.now() + 15_000;
  let seen: string | null = null;
  while (Date.now() < deadline) {
    seen = await locator.textContent().catch(() => null);
    if (seen !== null && (exact ? seen.trim() === text : seen.includes(text))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`expected ${exact ? '' : 'to contain '}"${text}", saw "${seen}"`);
}
