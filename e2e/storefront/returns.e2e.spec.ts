/**
 * A return (issue 51), end to end: a signed-in shopper pays a card order, staff ship and deliver it, the shopper
 * asks to return the piece from the order page ("Return items"), staff approve it with a note, mark it received
 * and refund it less a restocking fee (through the admin API), and the order page shows each step.
 */
import type { Browser, Page } from 'playwright-core';
import { fillCheckoutForm } from '../support/checkout-form';
import { registerVerifiedCustomer, signInOnStorefront } from '../support/customer-account';
import { staffRequest } from '../support/staff-api';
import { BASE_URL, launch, newPage, screenshot, someProducts } from './browser';

jest.setTimeout(180_000);

const DESKTOP = { width: 1366, height: 900 };
const PASSWORD = 'Emerald-Cut-2042!';
const email = `e2e.returns.${Date.now().toString(36)}@facet.example`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  await registerVerifiedCustomer(BASE_URL, email, PASSWORD);
});
afterAll(async () => {
  await browser?.close();
});

const staff = staffRequest;

async function payForAPiece(page: Page): Promise<string> {
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

/** The order page, read again, once its returns panel shows `status`. */
async function orderPageShows(page: Page, orderId: string, status: RegExp) {
  await page.goto(`/orders/${orderId}`);
  await page.getByTestId('order-returns').waitFor();
  await page.getByTestId('return-status').filter({ hasText: status }).waitFor();
}

describe('A return from the order page', () => {
  it('requests a return, and shows its approval with the note, its receipt and its refund', async () => {
    const { page, errors } = await newPage(browser, DESKTOP);
    await signInOnStorefront(page, email, PASSWORD);
    const orderId = await payForAPiece(page);
    expect(
      (await staff('PUT', `/api/admin/orders/${orderId}`, { status: 'shipped', carrier: 'fedex', tracking_number: '748948701234' })).status,
    ).toBe(200);
    expect((await staff('PUT', `/api/admin/orders/${orderId}`, { status: 'delivered' })).status).toBe(200);

    // The shopper: Return items on the delivered order's page, with the policy beside it.
    await page.goto(`/orders/${orderId}`);
    const form = page.getByTestId('return-form');
    await form.waitFor();
    await page.getByText('What cannot be returned').click();
    await page.getByTestId('return-policy').getByText('Engraved pieces').waitFor();
    await form.getByRole('combobox').first().selectOption('1');
    await form.getByLabel('Why are they coming back?').fill('The ring is too small');
    await form.getByRole('button', { name: 'Request return' }).click();
    await page.getByTestId('return-status').filter({ hasText: 'Return requested' }).waitFor();
    await screenshot(page, 'return-requested');

    // Staff move it on; the page shows each step.
    const listed = await staff('GET', `/api/admin/returns?order_id=${orderId}`);
    expect(listed.body.items).toHaveLength(1);
    const id = listed.body.items[0].id as string;
    expect(
      (await staff('PUT', `/api/admin/returns/${id}`, { action: 'approve', note: 'Please use the prepaid label in your box' })).status,
    ).toBe(200);
    await orderPageShows(page, orderId, /Return approved/);
    await page.getByTestId('return-note').getByText('Please use the prepaid label in your box').waitFor();
    await screenshot(page, 'return-approved');

    expect((await staff('PUT', `/api/admin/returns/${id}`, { action: 'receive' })).status).toBe(200);
    await orderPageShows(page, orderId, /Pieces received/);

    expect((await staff('PUT', `/api/admin/returns/${id}`, { action: 'refund', restocking_fee: 100 })).status).toBe(200);
    await orderPageShows(page, orderId, /Refunded/);
    await page
      .getByTestId('return-refunded')
      .getByText(/less a restocking fee of \$1/)
      .waitFor();
    // Every unit of the line is in the return: no form is offered again.
    expect(await page.getByTestId('return-form').count()).toBe(0);
    await screenshot(page, 'return-refunded');
    expect(errors).toEqual([]);
  });
});
