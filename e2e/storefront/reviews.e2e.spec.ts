/**
 * Issue 41, "Reviews, for real": a customer with a delivered order writes a review from My Orders, staff
 * approve it in the console, and the product page shows it with its rating (and its JSON-LD carries it).
 * Screenshots of the review dialog, the console's pending list and the product page's reviews, desktop and phone.
 */
import type { Browser, Page } from 'playwright-core';
import { api, ADMIN_EMAIL, ADMIN_PASSWORD, shot, staffToken, untilListed } from '../admin/support';
import { registerVerifiedCustomer, signInOnStorefront } from '../support/customer-account';
import { BASE_URL, DESKTOP, launch, newPage, PHONE, screenshot } from './browser';

jest.setTimeout(240_000);

const PASSWORD = 'Brilliant-Cut-1985!';
const stamp = Date.now().toString(36);
const email = `e2e.review.${stamp}@facet.example`;
const pieceName = `Review Journey Pendant ${stamp}`;
const TEXT = 'The pendant catches the light beautifully and the chain sits just right. Wrapped like a gift.';

let browser: Browser;
let staff: string;
let productId: string;

/** A card order of the piece by the customer, paid on the sandbox, then shipped and delivered by staff. */
async function deliveredOrder(customerToken: string): Promise<string> {
  const placed = await api(
    'POST',
    '/api/orders',
    {
      items: [{ product_id: productId, product_name: pieceName, price: 640, quantity: 1 }],
      shipping: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        phone: '+1 212 555 0100',
        address: '1 Analytical Way',
        city: 'New York',
        state: 'NY',
        zip_code: '10001',
        country: 'US',
      },
      payment: { card_name: 'Ada Lovelace', last_4: '4242' },
      status: 'pending',
      payment_status: 'unpaid',
    },
    customerToken,
  );
  expect(placed.status).toBe(200);
  const orderId = placed.body.order_id as string;
  const session = await api('POST', '/api/payments/checkout/session', { origin_url: BASE_URL, order_id: orderId }, customerToken);
  expect(session.status).toBe(200);
  const paid = await api('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, {
    method: 'card',
    card_number: '4242 4242 4242 4242',
    expiry: '12/39',
    cvv: '123',
    name: 'Ada Lovelace',
  });
  expect(paid.status).toBeLessThan(400);
  await untilListed(`/api/admin/orders/${orderId}`, (o) => o.status === 'processing', staff);
  let shipped = await api(
    'PUT',
    `/api/admin/orders/${orderId}`,
    { status: 'shipped', carrier: 'fedex', tracking_number: '123456789012' },
    staff,
  );
  if (shipped.status === 400) shipped = await api('PUT', `/api/admin/orders/${orderId}`, { status: 'shipped' }, staff);
  expect(shipped.status).toBe(200);
  expect((await api('PUT', `/api/admin/orders/${orderId}`, { status: 'delivered' }, staff)).status).toBe(200);
  return orderId;
}

async function openReviewDialog(page: Page) {
  await page.goto('/orders');
  const card = page.getByTestId('order-card').filter({ hasText: pieceName });
  await card.getByRole('button', { name: 'Write Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  browser = await launch();
  staff = await staffToken();
  const created = await api(
    'POST',
    '/api/admin/products',
    { name: pieceName, description: 'A pendant to review.', price: 640, category: 'women-necklaces' },
    staff,
  );
  expect(created.status).toBe(201);
  productId = created.body.id;
  await registerVerifiedCustomer(BASE_URL, email, PASSWORD);
  const login = await api('POST', '/api/auth/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  await deliveredOrder(login.body.token);
});
afterAll(async () => {
  await browser?.close();
});

describe('Reviews, for real', () => {
  it('lets a buyer review a delivered piece, staff approve it, and the product page show it with its rating', async () => {
    // The piece has no approved review: no stars of its own, no rating in its JSON-LD.
    const before = await api('GET', `/api/products/${productId}`);
    expect(before.body).toMatchObject({ rating: 0, reviews_count: 0 });

    // On a phone: the dialog fits and can be filled (left unsent here).
    const phone = await newPage(browser, PHONE);
    await signInOnStorefront(phone.page, email, PASSWORD);
    const small = await openReviewDialog(phone.page);
    await small.getByRole('radio', { name: /^5 stars/ }).check();
    await small.getByLabel('Your review').fill(TEXT);
    await screenshot(phone.page, 'review-dialog-phone', { fullPage: false });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await small.getByRole('button', { name: 'Close' }).click();
    await phone.context.close();

    // On a desktop: the stars are required, then the review is sent and waits for the team.
    const desk = await newPage(browser, DESKTOP);
    await signInOnStorefront(desk.page, email, PASSWORD);
    const dialog = await openReviewDialog(desk.page);
    await dialog.getByLabel('Your review').fill(TEXT);
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await dialog.getByText('Please choose from 1 to 5 stars.').waitFor();
    await dialog.getByRole('radio', { name: /^4 stars/ }).check();
    await dialog.getByLabel('Title (optional)').fill('Even lovelier in person');
    await screenshot(desk.page, 'review-dialog-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await desk.page.getByRole('dialog', { name: 'Thank you' }).getByText('Your review will appear once our team has read it.').waitFor();
    await desk.page.getByRole('button', { name: 'Close' }).first().click();
    // Its one piece reviewed, the order no longer offers Write Review, now or after a reload.
    const reviewedCard = desk.page.getByTestId('order-card').filter({ hasText: pieceName });
    await reviewedCard.getByTestId('order-reviewed').waitFor();
    expect(await reviewedCard.getByRole('button', { name: 'Write Review' }).count()).toBe(0);
    await desk.page.reload();
    await reviewedCard.getByTestId('order-reviewed').waitFor();
    expect(await reviewedCard.getByRole('button', { name: 'Write Review' }).count()).toBe(0);
    // Not shown before staff approve it.
    expect((await api('GET', `/api/reviews?product_id=${productId}`)).body.total).toBe(0);

    // Staff approve it from the console's pending list.
    const consoleContext = await browser.newContext({ baseURL: BASE_URL, viewport: DESKTOP, reducedMotion: 'reduce' });
    const admin = await consoleContext.newPage();
    await admin.goto('/admin/login');
    await admin.getByLabel('Username').fill(ADMIN_EMAIL);
    await admin.getByLabel('Password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL('**/admin/dashboard', { timeout: 60_000 });
    await admin.goto('/admin/reviews');
    const row = admin.locator('tr').filter({ hasText: pieceName });
    await row.waitFor();
    await shot(admin, 'reviews-pending-desktop');
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Review approved: it shows in the shop').waitFor();
    await consoleContext.close();

    // The product page shows the review, its author's first name and initial, and the rating it makes.
    const after = await api('GET', `/api/products/${productId}`);
    expect(after.body).toMatchObject({ rating: 4, reviews_count: 1 });
    await desk.page.goto(`/product/${productId}`);
    const reviews = desk.page.getByTestId('product-reviews');
    await reviews.getByTestId('review').filter({ hasText: TEXT }).waitFor();
    await expect(reviews.getByTestId('reviews-summary').textContent()).resolves.toMatch(/4\.0\s*out of 5 · 1 review/);
    const review = reviews.getByTestId('review').first();
    await expect(review.textContent()).resolves.toMatch(/Even lovelier in person[\s\S]*Ada L\.[\s\S]*Verified buyer/);
    await expect(desk.page.locator('.product__reviews').textContent()).resolves.toBe('(1 review)');
    const ld = await desk.page.$$eval('script[type="application/ld+json"]', (els) => els.map((e) => JSON.parse(e.textContent ?? '{}')));
    const product = ld.find((x) => x['@type'] === 'Product');
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(product.review).toEqual([
      expect.objectContaining({ '@type': 'Review', reviewBody: TEXT, author: { '@type': 'Person', name: 'Ada L.' } }),
    ]);
    await reviews.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'product-reviews-desktop');
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    const phoneProduct = await newPage(browser, PHONE);
    await phoneProduct.page.goto(`/product/${productId}`);
    await phoneProduct.page.getByTestId('review').first().waitFor();
    await screenshot(phoneProduct.page, 'product-reviews-phone');
    expect(await phoneProduct.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phoneProduct.context.close();
  });
});
