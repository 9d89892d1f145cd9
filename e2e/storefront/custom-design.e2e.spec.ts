/**
 * The custom design wizard end to end: a signed-in customer walks the five steps (auto-advance, Previous,
 * the step circles), uploads a small PNG, submits, sees the spec's message and a confirmation with the request's
 * reference and what happens next (it stays until "Design Another Piece" opens a cleared step 1), then finds
 * the request's status on the profile.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, newPage, PHONE, screenshot } from './browser';
import { registerVerifiedCustomer, signInOnStorefront } from '../support/customer-account';

jest.setTimeout(180_000);

const PASSWORD = 'Brilliant-Cut-1985!';
const email = `e2e.design.${Date.now().toString(36)}@facet.example`;
// A 1x1 PNG, made here rather than shipped.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  await registerVerifiedCustomer(BASE_URL, email, PASSWORD);
});
afterAll(async () => {
  await browser?.close();
});

const signIn = (page: Page) => signInOnStorefront(page, email, PASSWORD);

const step = (page: Page, n: number) => page.getByText(`Step ${n} of 5`, { exact: true }).waitFor();

describe('Custom design wizard', () => {
  it('submits a full request with an image and shows its status on the profile', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page);
    await page.goto('/custom-design');
    await step(page, 1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, 'custom-design-step1');
    await page.getByRole('button', { name: /Women's/ }).click();
    await page.getByRole('button', { name: 'Necklaces', exact: true }).click();
    await step(page, 2); // auto-advance after 0.5 s
    await page.getByRole('button', { name: 'Cushion' }).click();
    await page.getByRole('button', { name: '1.5 – 2 ct' }).click();
    await step(page, 3);
    await page.getByRole('button', { name: 'Previous' }).click();
    await step(page, 2);
    await page.getByRole('button', { name: /Step 3: Metal/ }).click();
    await step(page, 3);
    await page.getByRole('button', { name: 'Rose Gold' }).click();
    await screenshot(page, 'custom-design-step3');
    await page.getByRole('button', { name: '14K' }).click();
    await step(page, 4);

    const file = join(tmpdir(), 'facet-e2e', 'sketch.png');
    mkdirSync(join(tmpdir(), 'facet-e2e'), { recursive: true });
    writeFileSync(file, PNG);
    await page.locator('#design-image').setInputFiles(file);
    await page.getByRole('img', { name: 'Your design' }).waitFor();
    await page.getByLabel('Design notes (optional)').fill('A halo of small diamonds around the cushion, engraved "A & C".');
    await screenshot(page, 'custom-design-step4');
    await page.getByRole('button', { name: 'Next' }).click();
    await step(page, 5);
    expect(await page.getByLabel('Email *').inputValue()).toBe(email);
    await page.getByLabel('Full Name *').fill('Ada Lovelace');
    await screenshot(page, 'custom-design-step5');
    await page.getByRole('button', { name: 'Submit Design Request' }).click();
    await page.locator('.toast', { hasText: 'Your Vision Has Been Received' }).waitFor();
    // The confirmation stays in place of the wizard: the request's reference and what happens next.
    const confirmation = page.getByTestId('design-confirmation');
    await confirmation.waitFor();
    const reference = await confirmation.getByTestId('design-reference').innerText();
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(await confirmation.innerText()).toContain('What happens next');
    expect(await confirmation.innerText()).toContain(`Our atelier writes to you at ${email}`);
    await screenshot(page, 'custom-design-received');
    // Still there once the toast has closed (5 s): nothing moves it on but the shopper.
    await page.locator('.toast', { hasText: 'Your Vision Has Been Received' }).waitFor({ state: 'hidden', timeout: 15_000 });
    expect(await confirmation.isVisible()).toBe(true);
    expect(await page.getByText(/^Step \d of 5$/).count()).toBe(0);
    await page.getByRole('button', { name: 'Design Another Piece' }).click();
    await step(page, 1);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.goto('/profile');
    const row = page.getByTestId('design-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain("Women's Necklaces");
    expect((await row.innerText()).toUpperCase()).toContain('PENDING');
    await screenshot(page, 'profile-with-design');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the wizard on a phone', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/custom-design');
    await step(page, 1);
    await page.getByRole('button', { name: /Men's/ }).click();
    await screenshot(page, 'custom-design-step1');
    await page.getByRole('button', { name: 'Rings', exact: true }).click();
    await step(page, 2);
    await page.getByRole('button', { name: 'Round' }).click();
    await screenshot(page, 'custom-design-step2');
    await page.getByRole('button', { name: "Let's discuss" }).click();
    await step(page, 3);
    await page.getByRole('button', { name: 'Platinum' }).click();
    await page.getByRole('button', { name: 'Pure Platinum' }).click();
    await step(page, 4);
    await screenshot(page, 'custom-design-step4');
    await page.getByRole('button', { name: 'Next' }).click();
    await step(page, 5);
    await screenshot(page, 'custom-design-step5');
    // Signed out: the contact fields start empty and submit waits for a name and an e-mail.
    expect(await page.getByLabel('Email *').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Submit Design Request' }).isDisabled()).toBe(true);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    await context.close();
  });
});
