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
      { name: `Time Slider Ring ${Date.now().toString(36)}`, description: 'Priced three times', price: 1000, category: 'women-rings', features: ['Gold'] },
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
    await shot(page, 'history-version-1');

    await drag(1);
    await shows(price, '$4,000.00');
    await shows(diff, '$2,500.00', false);
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
