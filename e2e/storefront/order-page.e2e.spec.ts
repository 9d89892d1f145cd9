/**
 * The shopper's order page (issue 41): a signed-in shopper pays a card order; staff ship it in the console with
 * a carrier from the list, a tracking number and a note shared with the customer (and one kept for staff); the shopper
 * reaches /orders/:id from My Orders' View Details and Track Order and sees the pieces, the tracking link and
 * the shared note only; a guest on a phone opens the same page through the link of the "Your order has
 * shipped" mail, and without it sees the not-found page; once delivered, the shipment line reads "Delivered by
 * FedEx", not "On its way". Screenshots at 1366x900 and 390x844.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { fillCheckoutForm } from '../support/checkout-form';
import { registerVerifiedCustomer, signInOnStorefront } from '../support/customer-account';
import { staffRequest } from '../support/staff-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, shot } from '../admin/support';
import { BASE_URL, launch, newPage, screenshot, someProducts } from './browser';

jest.setTimeout(180_000);

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Marquise-Cut-2041!';
const email = `e2e.orderpage.${Date.now().toString(36)}@facet.example`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  await registerVerifiedCustomer(BASE_URL, email, PASSWORD);
});
afterAll(async () => {
  await browser?.close();
});

const staff = staffRequest;

/** The text of the newest mail of a kind sent to `to`, from the journeys' SMTP sink (E2E_MAIL_DIR, see global-setup.ts). */
async function mailText(to: string, kind: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('no E2E_MAIL_DIR: this journey reads the customer mail from the SMTP sink');
  for (let i = 0; i < 80; i++) {
    const mails = existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .reverse()
          .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string[]; headers: Record<string, string>; text: string })
      : [];
    const mail = mails.find((m) => m.to.includes(to.toLowerCase()) && m.headers['x-facet-mail-kind'] === kind);
    if (mail) return mail.text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind} mail for ${to} in ${dir}`);
}

async function payForABag(page: Page): Promise<string> {
  const [product] = (await someProducts('limit=20')).filter((p) => p.in_stock && p.price < 5000);
  await page.goto(`/product/${product.id}`);
  await page
    .getByRole('button', { name: /Add to Cart/ })
    .first()
    .click();
  await page.getByTestId('cart-count').waitFor();
  await page.goto('/checkout');
  await fillCheckoutForm(page, { firstName: 'Ada', lastName: 'Lovelace', card: '4242424242424242' });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL('**/api/payments/sandbox/checkout/**');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/payment/success?session_id=*');
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
  for (let i = 0; i < 100; i++) {
    const list = await staff('GET', `/api/admin/orders?q=${encodeURIComponent(email)}`);
    const order = list.body?.items?.[0];
    if (order?.status === 'processing') return order.id as string;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the order of ${email} never reached processing`);
}

describe("The shopper's order page", () => {
  it('shows a shipped order with its tracking link and the shared note, from View Details, Track Order and the mail', async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP);
    await signInOnStorefront(page, email, PASSWORD);
    const orderId = await payForABag(page);
    const reference = orderId.slice(0, 8).toUpperCase();

    // Staff: a note kept for themselves, then shipped with FedEx, a tracking number and a note shared with the customer.
    expect((await staff('PUT', `/api/admin/orders/${orderId}`, { status: 'processing', note: 'Client sounded hurried' })).status).toBe(200);
    // In the console: a shared note, FedEx from the list and the tracking number as a courier prints it.
    const consoleTab = await newPage(browser, DESKTOP);
    const admin = consoleTab.page;
    await admin.goto('/admin/login');
    await admin.getByLabel('Username').fill(ADMIN_EMAIL);
    await admin.getByLabel('Password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto(`/admin/orders/${orderId}/show`);
    const ship = admin.getByRole('button', { name: 'Mark as Shipped' });
    await ship.waitFor();
    // A card order is an order in the console's header, not a "Request".
    await admin.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    expect(await ship.isDisabled()).toBe(true);
    await admin.getByTestId('status-note').fill('Packed in our signature box; a signature is required on delivery.');
    await admin.getByLabel('Share with customer').check();
    await admin.getByLabel('Carrier').click();
    await admin.getByRole('option', { name: 'FedEx' }).click();
    await admin.getByTestId('ship-tracking').fill('7489 4870 1234');
    await shot(admin, 'order-ship-form');
    await ship.click();
    await admin.locator('.MuiSnackbar-root').getByText('Status updated to Shipped').first().waitFor();
    await admin.getByTestId('order-shipment').getByText('748948701234').waitFor();
    await consoleTab.context.close();

    // My Orders: View Details is a link to the order's page.
    await page.goto('/orders');
    const card = page.getByTestId('order-card').filter({ hasText: reference });
    await card.waitFor();
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(`**/orders/${orderId}`);
    const view = page.getByTestId('order-page');
    await view.waitFor();
    expect(await view.getByTestId('order-reference').innerText()).toBe(reference);
    expect(await view.getByTestId('order-status').innerText()).toMatch(/Shipped/i);
    expect(await view.getByTestId('order-line').count()).toBe(1);
    const tracking = view.getByTestId('tracking-link');
    expect(await tracking.innerText()).toBe('748948701234');
    expect(await tracking.getAttribute('href')).toBe('https://www.fedex.com/fedextrack/?trknbr=748948701234');
    expect(await tracking.getAttribute('rel')).toContain('noreferrer');
    await view.getByTestId('timeline-note').filter({ hasText: 'Packed in our signature box' }).waitFor();
    expect(await view.innerText()).not.toContain('hurried');
    await view.getByText('Payment received').waitFor();
    expect(await view.getByTestId('order-address').innerText()).toContain('12 Bond Street');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    await screenshot(page, 'order-page');

    // Track Order: the same page, at the shipment.
    await page.goto('/orders');
    await page.getByTestId('order-card').filter({ hasText: reference }).getByRole('link', { name: 'Track Order' }).click();
    await page.waitForURL(`**/orders/${orderId}#track`);
    await page.getByTestId('order-shipment').waitFor();
    expect(await page.getByTestId('order-shipment').isVisible()).toBe(true);
    await screenshot(page, 'order-page-track', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();

    // A guest on a phone: the mail's link opens the page; the bare address does not.
    const text = await mailText(email, 'order-shipped');
    expect(text).toContain('FedEx tracking number: 748948701234');
    const link = /https?:\/\/\S+\/orders\/[0-9a-f-]{36}\?access=\S+/.exec(text)?.[0];
    expect(link).toBeDefined();
    const phone = await newPage(browser, PHONE);
    await phone.page.goto(`/orders/${orderId}`);
    await phone.page.getByRole('heading', { name: 'This page has slipped its setting' }).waitFor();
    // A tampered link is no link.
    await phone.page.goto(link!.replace(/^https?:\/\/[^/]+/, '').replace(/.$/, (c) => (c === '0' ? '1' : '0')));
    await phone.page.getByRole('heading', { name: 'This page has slipped its setting' }).waitFor();
    await phone.page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    const guestView = phone.page.getByTestId('order-page');
    await guestView.waitFor();
    expect(await guestView.getByTestId('tracking-link').innerText()).toBe('748948701234');
    await guestView.getByTestId('timeline-note').filter({ hasText: 'signature box' }).waitFor();
    expect(await guestView.innerText()).not.toContain('hurried');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'order-page');

    // Delivered: the shipment line says so, under "Delivered on ...", and no longer "On its way".
    expect((await staff('PUT', `/api/admin/orders/${orderId}`, { status: 'delivered' })).status).toBe(200);
    await phone.page.reload();
    await phone.page
      .getByTestId('order-status')
      .filter({ hasText: /Delivered/i })
      .waitFor();
    const shipment = phone.page.getByTestId('order-shipment');
    expect(await shipment.getByText('Delivered by FedEx').isVisible()).toBe(true);
    expect(await shipment.innerText()).not.toMatch(/on its way/i);
    expect(await guestView.getByText(/^Delivered on /).isVisible()).toBe(true);
    await screenshot(phone.page, 'order-page-delivered', { fullPage: false });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
