import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from '../support/browser';

/**
 * Swagger UI at /api/docs, used as an operator would: sign in with "Try it out" on POST /api/staff/login, paste the
 * token into "Authorize", and send POSTs from the page with the bodies the document's examples fill in.
 */
const ADMIN = () => ({
  username: process.env.E2E_ADMIN_EMAIL ?? 'admin@facet.local',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Facet-Admin-1985!',
});

describe('Swagger UI', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The first administrator is written at the shop's start; wait until it can sign in.
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${baseUrl()}/api/staff/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN()),
      });
      if (res.status === 200) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    browser = await launchChromium();
    ({ context, page } = await newPage(browser));
    await page.goto(`${baseUrl()}/api/docs`);
    await page.locator('.opblock').first().waitFor();
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** Opens an operation, presses "Try it out", optionally replaces the body, presses Execute; answers status and body. */
  async function tryItOut(operationId: string, body?: unknown): Promise<{ status: number; text: string; block: Locator }> {
    const block = page.locator(`[id$="-${operationId}"]`);
    await block.scrollIntoViewIfNeeded();
    if (!(await block.locator('.try-out__btn').first().isVisible())) await block.locator('.opblock-summary').first().click();
    const tryOut = block.locator('.try-out__btn').first();
    if ((await tryOut.textContent())?.includes('Try it out')) await tryOut.click();
    if (body !== undefined) {
      // Typed as a person would (select all, then the new text), so the page's own change handlers see it.
      const textarea = block.locator('textarea.body-param__text');
      await textarea.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText(JSON.stringify(body));
      // Swagger UI takes the edited body after a debounce.
      await page.waitForTimeout(1_000);
    }
    await block.locator('button.execute').click();
    const status = block.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 15_000 });
    const answer = (await block.locator('.live-responses-table .response-col_description pre').first().textContent()) ?? '';
    // The request as sent (Swagger UI's curl line), to read in a failure.
    const sent =
      (await block
        .locator('.curl-command, .curl')
        .first()
        .textContent()
        .catch(() => '')) ?? '';
    const text = `${answer}\n<<sent>> ${sent}`;
    return { status: Number((await status.textContent())?.trim()), text, block };
  }

  it('should sign staff in from the page, authorize with the bearer token and create a product', async () => {
    const login = await tryItOut('StaffAuthController_login', ADMIN());
    expect([login.status, login.text]).toEqual([200, expect.stringContaining('"token"')]);
    const token = JSON.parse(login.text.split('\n<<sent>>')[0]).token as string;
    expect(token).toMatch(/^\S{20,}$/);
    // Forget the session cookie the login set: what follows must work with the bearer token alone.
    await context.clearCookies();

    await page.locator('.auth-wrapper .btn.authorize').click();
    const bearer = page.locator('.modal-ux .auth-container').filter({ hasText: 'bearer' });
    await bearer.locator('input').fill(token);
    await bearer.locator('button.authorize').click();
    await page.locator('.modal-ux button.btn-done').first().click();

    const created = await tryItOut('AdminProductsController_create');
    expect([created.status, created.text]).toEqual([201, expect.stringContaining('"id"')]);
    const me = await tryItOut('StaffAuthController_me');
    expect(me.status).toBe(200);
    await screenshot(page, 'swagger-ui', 'product-created');
  }, 90_000);

  it('should send the public submit routes with their example bodies and no Idempotency-Key filled in', async () => {
    const contact = await tryItOut('ContactController_send');
    expect([contact.status, contact.text]).toEqual([201, expect.stringContaining('success')]);
    const design = await tryItOut('CustomDesignsController_submit');
    expect([design.status, design.text]).toEqual([201, expect.stringContaining('pending')]);
    await screenshot(page, 'swagger-ui', 'design-submitted');
  }, 60_000);

  it('should send a staff POST with the session cookie alone (the page adds X-Requested-With)', async () => {
    await page.locator('.auth-wrapper .btn.authorize').click();
    const logout = page.locator('.modal-ux .auth-container').filter({ hasText: 'bearer' }).locator('button', { hasText: 'Logout' });
    if (await logout.isVisible()) await logout.click();
    await page.locator('.modal-ux button.btn-done').first().click();
    const login = await tryItOut('StaffAuthController_login', ADMIN());
    expect([login.status, login.text]).toEqual([200, expect.stringContaining('"token"')]);
    const verification = await tryItOut('AuditHistoryController_startVerification');
    expect([202, 409]).toContain(verification.status);
  }, 60_000);
});
