/**
 * Issue 41, items 1 and 6, in the browser: a piece paid after a decline leaves the bag (Pay Now on
 * /payment/cancel), while a piece added since stays; on the hosted page a declined card can be followed by
 * "Try another card"; the checkout submitted again after a decline pays the same order (one order per
 * checkout); and the Payment Issue screen says what happened. Screenshots at 1366x900 and 390x844.
 */
import type { Browser, Page } from 'playwright-core';
import { apiGet, BASE_URL, launch, newPage, screenshot, someProducts, type ApiProduct } from './browser';
import { fillCheckoutForm } from '../support/checkout-form';

jest.setTimeout(180_000);

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

let browser: Browser;
let pieces: ApiProduct[];
beforeAll(async () => {
  browser = await launch();
  // Pieces made to order, or with units to spare (their default variant): ordered as often as the journeys like.
  const listed = (await someProducts('limit=100')).filter((p) => p.in_stock && p.price < 5000);
  const details = await Promise.all(
    listed.map((p) => apiGet<{ variants?: { is_default: boolean; available: number | null }[] }>(`/products/${p.id}`)),
  );
  const spare = (i: number) => {
    const variants = details[i].body.variants ?? [];
    const available = (variants.find((v) => v.is_default) ?? variants[0])?.available;
    return available === null || (available ?? 0) >= 3;
  };
  pieces = listed.filter((_, i) => spare(i));
  expect(pieces.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  await browser?.close();
});

const bag = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('facet:cart') ?? '[]') as { id: string; quantity: number }[]).map((i) => [i.id, i.quantity]),
  );

async function addToBag(page: Page, piece: ApiProduct) {
  await page.goto(`/product/${piece.id}`);
  await page
    .getByRole('button', { name: /Add to Cart/ })
    .first()
    .click();
  await page.waitForFunction((id) => localStorage.getItem('facet:cart')?.includes(id), piece.id);
}

async function checkout(page: Page, email: string, card: string) {
  await page.goto('/checkout');
  await fillCheckoutForm(page, { firstName: 'Ada', lastName: 'Lovelace', email, card });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL('**/api/payments/sandbox/checkout/**');
}

async function payOnHostedPage(page: Page, card: string) {
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

const orderRef = async (page: Page) => (await page.getByRole('heading', { level: 1 }).innerText()).replace(/^Order /, '');

describe('Paying after a decline', () => {
  it('Pay Now after a decline takes the paid piece out of the bag and leaves the one added since', async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP);
    const [paid, added] = pieces;
    await addToBag(page, paid);
    await checkout(page, `e2e.bag.${run}@facet.example`, '4000000000000002');
    await payOnHostedPage(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').first().waitFor();
    await page.getByRole('link', { name: 'Return to the shop' }).click();
    await page.waitForURL('**/payment/cancel?order_id=*');
    await page
      .getByTestId('cancel-outcome')
      .getByText(/did not go through and nothing was charged/)
      .waitFor({ timeout: 15_000 });
    // A decline is named as one, with the next step (the shopper's own cancel says Payment Cancelled).
    await page.getByRole('heading', { level: 1, name: 'Payment Declined' }).waitFor();
    await page.getByRole('button', { name: 'Try Another Card' }).waitFor();
    // The selection came back from the order; the shopper adds another piece before paying.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('facet:cart') ?? '[]').length === 1);
    const cancelPage = page.url();
    await addToBag(page, added);
    await page.goto(cancelPage);
    await page.getByTestId('pay-again').waitFor({ timeout: 15_000 });
    await screenshot(page, 'payment-cancel-declined-desktop');
    await page.getByTestId('pay-again').click();
    await page.waitForURL('**/api/payments/sandbox/checkout/**');
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await page.waitForURL('**/payment/success?session_id=*');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
    await page.waitForFunction((id) => !localStorage.getItem('facet:cart')?.includes(id), paid.id, { timeout: 15_000 });
    expect(await bag(page)).toEqual([[added.id, 1]]);
    await screenshot(page, 'payment-success-bag-desktop');
    // A reload of the success page takes nothing more out.
    await page.reload();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
    expect(await bag(page)).toEqual([[added.id, 1]]);
    await page.goto('/cart');
    await page.getByText(added.name).first().waitFor();
    expect(await page.getByText(paid.name).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    // Each part places its own order: the e2e shop expires unpaid orders 40 s after they were placed.
    it(`Try another card on the hosted page after a decline pays the same order (${label})`, async () => {
      const { page, context, errors } = await newPage(browser, viewport);
      await addToBag(page, pieces[label === 'desktop' ? 0 : 1]);
      await checkout(page, `e2e.another.${label}.${run}@facet.example`, '4000000000000002');
      const ref = await orderRef(page);
      const orderId = await lastOrderId(page);
      const firstSession = page.url().split('/').pop()!;
      await payOnHostedPage(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Try another card' }).waitFor();
      await screenshot(page, `hosted-declined-try-another-card-${label}`);
      await page.getByRole('button', { name: 'Try another card' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/') && !url.pathname.endsWith(firstSession));
      expect(await orderRef(page)).toBe(ref);
      await page.getByLabel('Card number').waitFor();
      await payOnHostedPage(page, '4242 4242 4242 4242');
      await page.waitForURL('**/payment/success?session_id=*');
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
      await page.getByText(ref).first().waitFor();
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('facet:cart') ?? '[]').length === 0, undefined, { timeout: 15_000 });
      // The order page names the card charged (4242), not the declined one.
      await page.goto(`/orders/${orderId}`);
      await page.getByText('Card ending 4242').waitFor({ timeout: 15_000 });
      expect(await page.getByText(/ending 0002/).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`the checkout sent again after a decline is the same order, and the Payment Issue screen says what happened (${label})`, async () => {
      const { page, context, errors } = await newPage(browser, viewport);
      const email = `e2e.again.${label}.${run}@facet.example`;
      await addToBag(page, pieces[label === 'desktop' ? 1 : 0]);
      await checkout(page, email, '4000000000000002');
      const ref = await orderRef(page);
      const firstSession = page.url().split('/').pop()!;
      await payOnHostedPage(page, '4000 0000 0000 0002');
      await page.getByRole('link', { name: 'Return to the shop' }).click();
      await page.waitForURL('**/payment/cancel?order_id=*');
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('facet:cart') ?? '[]').length === 1);
      // The order page after the decline: the piece is held for the shopper, until a time.
      const orderId = new URL(page.url()).searchParams.get('order_id')!;
      await page.goto(`/orders/${orderId}`);
      await page
        .getByTestId('order-held')
        .getByText(/held for you until .*\d{1,2}:\d{2}/)
        .waitFor({ timeout: 15_000 });
      await screenshot(page, 'order-page-held-after-decline');
      // Back at the checkout with the restored bag and another card: the same order, not a new one.
      await checkout(page, email, '4242424242424242');
      expect(await orderRef(page)).toBe(ref);
      const secondSession = page.url();

      // The Payment Issue screen for the declined session: what happened, the order kept, another card.
      await page.goto(`/payment/success?session_id=${firstSession}`);
      await page.getByRole('heading', { name: 'Payment Issue' }).waitFor({ timeout: 15_000 });
      await page.getByTestId('payment-outcome').getByText('Your card was declined. No payment was taken.').waitFor();
      await page
        .getByTestId('result-order')
        .getByText(/is kept: (Order received, awaiting payment|Awaiting payment)/)
        .waitFor({ timeout: 15_000 });
      expect(await page.getByText(/processing will begin shortly/).count()).toBe(0);
      await page.getByRole('button', { name: 'Try Another Card' }).waitFor();
      await screenshot(page, `payment-issue-declined-${label}`);

      // Paying on the second checkout's page pays that one order.
      await page.goto(secondSession);
      await payOnHostedPage(page, '4242 4242 4242 4242');
      await page.waitForURL('**/payment/success?session_id=*');
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 15_000 });
      await page.getByText(ref).first().waitFor();
      // One order for the whole checkout, and it is paid.
      const orders = await fetch(`${BASE_URL}/api/admin/orders?q=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${await staffToken()}` },
      }).then((r) => r.json());
      expect(orders.items.map((o: any) => [o.reference, o.payment_status])).toEqual([[ref, 'paid']]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('Cancel and return to the shop: the order page says the shopper cancelled', async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP);
    await addToBag(page, pieces[0]);
    await checkout(page, `e2e.cancel.${run}@facet.example`, '4242424242424242');
    const orderId = await lastOrderId(page);
    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await page.waitForURL('**/payment/cancel*');
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('order-payment').getByText('Cancelled by the shopper').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The card order the checkout left for the hosted page with (the storefront remembers it for /payment/cancel). */
const lastOrderId = async (page: Page) => (await page.evaluate(() => localStorage.getItem('facet:awaiting-payment-order')))!;

async function staffToken(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: process.env.E2E_ADMIN_EMAIL ?? 'admin@facet.local',
      password: process.env.E2E_ADMIN_PASSWORD ?? 'Facet-Admin-1985!',
    }),
  }).then((r) => r.json());
  return res.token;
}
