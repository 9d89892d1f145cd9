/**
 * Sizes, stock and engraving in the storefront (issue 40): choose a ring's size and an engraving, see them on
 * the bag line, the consultation form, the confirmation and in My Orders; a shared ?variant= link is
 * rendered by the server at that size; a one-of-a-kind piece says "Only 1 left" and the API's refusal of a
 * second unit is shown at checkout.
 */
import type { Browser, Page } from 'playwright-core';
import { fillCheckoutForm } from '../support/checkout-form';
import { registerVerifiedCustomer, signInOnStorefront } from '../support/customer-account';
import { api, staffToken, untilListed } from '../admin/support';

const RING_SIZER = 'Not sure (free ring sizer)';
import { apiGet, BASE_URL, launch, newPage, PHONE, screenshot, someProducts } from './browser';

/** The sizes the screenshots are looked at in. */
const LAPTOP = { width: 1366, height: 900 };
const SMALL_PHONE = { width: 390, height: 844 };

jest.setTimeout(180_000);

/** The fields of libs/contracts' ProductVariant a journey reads. */
interface ProductVariant {
  id: string;
  options: Record<string, string>;
  available: number | null;
  image?: string | null;
  description?: string | null;
  features?: string[] | null;
}

interface ProductDetail {
  id: string;
  name: string;
  category: string;
  description: string;
  features: string[];
  options?: { name: string; values: string[] }[];
  variants?: ProductVariant[];
  engraving?: { max_length: number } | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function details(category: string): Promise<ProductDetail[]> {
  const list = await someProducts(`category=${category}&limit=50`);
  const found: ProductDetail[] = [];
  for (const p of list) found.push((await apiGet<ProductDetail>(`/products/${p.id}`)).body);
  return found;
}

/** A women's ring sold in sizes only (no metal to choose), engravable, whose size 6.5 can be ordered. */
async function sizedRing(): Promise<{ ring: ProductDetail; six: ProductVariant }> {
  for (const ring of await details('women-rings')) {
    const six = ring.variants?.find((v) => v.options.size === '6.5' && Object.keys(v.options).length === 1 && v.available !== 0);
    if (six && ring.options?.length === 1 && ring.engraving) return { ring, six };
  }
  throw new Error('no seeded women’s ring is sold in sizes with size 6.5 and an engraving (GET /api/products/{id} gives no variants)');
}

/** A one-of-a-kind piece: one stocked variant with one unit. */
async function uniquePiece(): Promise<ProductDetail> {
  for (const category of ['women-rings', 'men-rings', 'women-necklaces', 'women-earrings', 'women-bracelets', 'men-bracelets']) {
    for (const p of await details(category)) {
      if (p.variants?.length === 1 && p.variants[0].available === 1) return p;
    }
  }
  throw new Error('no seeded piece is one of a kind with stock 1 (GET /api/products/{id} gives no variant with available 1)');
}

/** Opens the consultation form and fills it; the caller submits (after looking at the form if it wants to). */
async function openConsultation(page: Page, firstName: string, email: string) {
  await page.getByRole('button', { name: 'Submit Consultation Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Consultation' });
  await dialog.waitFor();
  await dialog.getByLabel(/First name/).fill(firstName);
  await dialog.getByLabel(/Last name/).fill('Marlow');
  await dialog.getByLabel(/Email/).fill(email);
  await dialog.getByLabel(/Phone/).fill('+1 (212) 555-0142');
  return dialog;
}

describe('Sizes, stock and engraving', () => {
  it('chooses a size and an engraving, and sees them on the bag line, the confirmation and in My Orders', async () => {
    const { ring, six } = await sizedRing();
    const email = `sizes.${Date.now()}@example.com`;
    const password = 'Sizes-And-Stock-40!';
    await registerVerifiedCustomer(BASE_URL, email, password);
    const { page, context, errors, dialogs } = await newPage(browser);
    await signInOnStorefront(page, email, password);

    await page.goto(`/product/${ring.id}`);
    await page.getByRole('heading', { name: ring.name, level: 1 }).waitFor();
    const size = page.getByLabel('Size', { exact: true });
    expect(await size.inputValue()).toBe('Not sure (free ring sizer)');
    await page.getByText('Not sure of your size? We send a free ring sizer with your piece.').waitFor();
    await size.selectOption('6.5');
    await page.waitForURL(`**/product/${ring.id}?variant=${six.id}`);
    const availability = (await page.getByTestId('product-availability').innerText()).trim();
    expect(availability).toMatch(/^(Made to order: ships in \d+ business days|Only \d left|In stock)$/);

    const engraving = page.getByLabel(/Engraving/);
    await engraving.fill('Love 💍');
    await page.getByRole('alert').filter({ hasText: 'Engraving may use letters' }).waitFor();
    await engraving.fill('E & J 2024');
    expect(await page.getByTestId('engraving-count').innerText()).toBe(`10 / ${ring.engraving!.max_length}`);
    expect(await page.getByRole('alert').filter({ hasText: 'Engraving' }).count()).toBe(0);
    await screenshot(page, 'product-sizes', { fullPage: false });
    await page.locator('.product__info').getByRole('button', { name: 'Add to Cart' }).click();
    await page.locator('.toast').getByText('Added to Cart!', { exact: true }).waitFor();

    // The same ring at the free sizer, without engraving: its own line.
    await size.selectOption('Not sure (free ring sizer)');
    await engraving.fill('');
    await page.locator('.product__info').getByRole('button', { name: 'Add to Cart' }).click();
    expect(await page.getByTestId('cart-count').innerText()).toBe('2');

    await page.goto('/cart');
    const lines = page.getByTestId('cart-line');
    await lines.nth(1).waitFor(); // the stored selection shows once the page is hydrated
    expect(await lines.count()).toBe(2);
    const chosen = lines.filter({ hasText: 'Size 6.5' });
    await chosen.getByText('E & J 2024').waitFor();
    await lines.filter({ hasText: 'Not sure (free ring sizer)' }).waitFor();
    await screenshot(page, 'bag-sizes');

    // Read the form's summary before submitting: a quick submission closes the dialog.
    const dialog = await openConsultation(page, 'Imogen', email);
    await dialog.getByRole('list', { name: 'Your selection' }).getByText('Size 6.5').waitFor();
    await dialog.getByRole('button', { name: 'Submit Consultation Request' }).click();
    await Promise.race([
      page.waitForURL('**/consultation-submitted'),
      page.waitForEvent('dialog').then(() => Promise.reject(new Error(`Alert: ${dialogs.join(' | ')}`))),
    ]);
    const confirmed = page.getByTestId('confirmation-line').filter({ hasText: 'Size 6.5' });
    await confirmed.getByText('E & J 2024').waitFor();
    const orderId = (await page.getByTestId('order-id').innerText()).trim();

    // The order keeps the variant and the engraving.
    const order = await apiGet<{ items: { variant_id?: string; engraving?: string; variant_options?: Record<string, string> }[] }>(
      `/orders/${orderId}`,
    );
    expect(order.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ variant_id: six.id, engraving: 'E & J 2024', variant_options: { size: '6.5' } })]),
    );

    await page.goto('/orders');
    const card = page.getByTestId('order-card').filter({ hasText: orderId.slice(0, 8).toUpperCase() });
    await card.waitFor();
    // View Details opens the order's own page (issue 41), with each line's size and engraving.
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(`**/orders/${orderId}`);
    const details = page.getByTestId('order-page');
    const line = details.getByTestId('order-line').filter({ hasText: 'Size 6.5' });
    await line.getByText('E & J 2024').waitFor();
    await details.getByTestId('order-line').filter({ hasText: 'Not sure (free ring sizer)' }).waitFor();
    await screenshot(page, 'orders-sizes');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders a shared ?variant= link at that size on the server, and on a phone', async () => {
    const { ring, six } = await sizedRing();
    const html = await (await fetch(`${BASE_URL}/product/${ring.id}?variant=${six.id}`)).text();
    expect(html).toMatch(/<option value="6\.5" selected="">/);
    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto(`/product/${ring.id}?variant=${six.id}`);
    expect(await page.getByLabel('Size', { exact: true }).inputValue()).toBe('6.5');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'product-sizes', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "Only 1 left" on a one-of-a-kind piece, and shows the refusal of a second one at checkout', async () => {
    const piece = await uniquePiece();
    const { page, context, errors } = await newPage(browser);
    await page.goto(`/product/${piece.id}`);
    await page.getByRole('heading', { name: piece.name, level: 1 }).waitFor();
    expect((await page.getByTestId('product-availability').innerText()).trim()).toBe('Only 1 left');
    const info = page.locator('.product__info');
    expect(await info.getByRole('button', { name: 'Increase quantity' }).isDisabled()).toBe(true);
    await screenshot(page, 'product-unique', { fullPage: false });

    // Added twice, the bag holds two: the API refuses the order, and the form says why.
    await info.getByRole('button', { name: 'Add to Cart' }).click();
    await info.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    await page.getByTestId('cart-line').first().waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    const dialog = await openConsultation(page, 'Theo', `unique.${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Submit Consultation Request' }).click();
    const refusal = dialog.getByTestId('stock-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain(`Only 1 left of ${piece.name}`);
    expect(await refusal.getAttribute('role')).toBe('alert');
    await screenshot(page, 'consultation-refused', { fullPage: false });
    await page.keyboard.press('Escape');

    // The card checkout says the same in its form, and stays on the page.
    await page.goto('/checkout');
    await fillCheckoutForm(page, {
      firstName: 'Theo',
      lastName: 'Marlow',
      email: `unique.card.${Date.now()}@example.com`,
      card: '4242424242424242',
    });
    await page.getByRole('button', { name: 'Place Order' }).click();
    const cardRefusal = page.getByRole('form', { name: 'Checkout' }).getByTestId('stock-refusal');
    await cardRefusal.waitFor();
    expect(await cardRefusal.innerText()).toContain(`Only 1 left of ${piece.name}`);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await screenshot(page, 'checkout-refused', { fullPage: false });

    // Nothing was placed: the bag is kept and the piece still has its one.
    expect(await page.getByTestId('cart-count').innerText()).toBe('2');
    const after = await apiGet<ProductDetail>(`/products/${piece.id}`);
    expect(after.body.variants?.[0].available).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a piece whose every unit is sold as Out of Stock: its page, its JSON-LD, its card and the in-stock filter', async () => {
    const token = await staffToken();
    const name = `Sold Out Pendant ${Date.now()}`;
    const created = await api(
      'POST',
      '/api/admin/products',
      { name, price: 900, category: 'women-necklaces', variants: [{ options: {}, stock: 3 }] },
      token,
    );
    expect(created.status).toBe(201);
    const piece = (await apiGet<ProductDetail>(`/products/${created.body.id}`)).body;
    // Three units, three sold (a consultation of 3 holds them all).
    const sold = await api('POST', '/api/orders', {
      items: [{ product_id: piece.id, product_name: name, price: 900, quantity: 3, variant_id: piece.variants![0].id }],
      shipping: {
        first_name: 'Iris',
        last_name: 'Vane',
        email: `sold.out.${Date.now()}@example.com`,
        phone: '+1 212 555 0100',
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
    expect(sold.status).toBe(200);
    await untilListed(`/api/products/${piece.id}`, (p) => p.in_stock === false, token);

    const { page, context, errors } = await newPage(browser);
    await page.goto(`/product/${piece.id}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect((await page.getByTestId('product-availability').innerText()).trim()).toBe('Out of Stock');
    expect(await page.locator('.product__info').getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    const ld = await page.$$eval('script[type="application/ld+json"]', (els) => els.map((e) => JSON.parse(e.textContent ?? '{}')));
    expect(ld.find((x) => x['@type'] === 'Product')?.offers?.availability).toBe('https://schema.org/OutOfStock');
    await screenshot(page, 'product-sold-out', { fullPage: false });

    await page.goto(`/catalogue?search=${encodeURIComponent(name)}`);
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await card.waitFor();
    await card.getByText('Out of Stock').waitFor();
    expect(await card.getByRole('button', { name: /Add to Cart/ }).isDisabled()).toBe(true);
    await page.getByLabel('In stock only').check();
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  async function named(category: string, name: string): Promise<ProductDetail> {
    const found = (await details(category)).find((p) => p.name === name);
    if (!found) throw new Error(`no seeded ${name} in ${category}`);
    return found;
  }

  it('follows the chosen metal and length: description, DETAILS and picture, on screen and in the server-rendered ?variant= page', async () => {
    const ring = await named('women-rings', 'Petite Diamond Stacking Ring');
    const rose = ring.variants!.find((v) => v.options.metal === '14K Rose Gold' && v.options.size === RING_SIZER)!;
    for (const viewport of [LAPTOP, SMALL_PHONE]) {
      const { page, context, errors } = await newPage(browser, viewport);
      await page.goto(`/product/${ring.id}`);
      const description = page.getByTestId('product-description');
      const details = page.getByTestId('product-details').getByRole('listitem');
      expect(await description.innerText()).toContain('14K yellow gold');
      await page
        .getByRole('group', { name: /^Metal/ })
        .getByText('14K Rose Gold', { exact: true })
        .click();
      await page.waitForURL(`**/product/${ring.id}?variant=${rose.id}`);
      expect(await description.innerText()).toContain('A whisper-fine band of 14K rose gold');
      expect(await description.innerText()).not.toMatch(/yellow gold/i);
      expect(await details.first().innerText()).toBe('14K rose gold');
      expect(await page.getByTestId('product-details').innerText()).not.toMatch(/yellow gold/i);
      // The rose-gold pictures come to the front.
      const shown = page.locator('.gallery__main img.is-active');
      expect(await shown.getAttribute('src')).toMatch(/petite-diamond-stacking-ring-14k-rose-gold-1\.(webp|svg)$/);
      expect(await shown.getAttribute('alt')).toBe('Petite Diamond Stacking Ring in 14K rose gold, view 1 of 3');
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.gallery__main img.is-active')].every((i) => i.complete),
      );
      await screenshot(page, `product-rose-gold-${viewport.width}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }

    // The server renders the variant a link names: its words and its picture, before any script runs.
    const html = await (await fetch(`${BASE_URL}/product/${ring.id}?variant=${rose.id}`)).text();
    const info = html.slice(html.indexOf('data-testid="product-description"'));
    expect(info.slice(0, 400)).toContain('A whisper-fine band of 14K rose gold');
    expect(html).toMatch(/<li>14K rose gold<\/li>/);
    expect(html).not.toMatch(/<li>14K yellow gold<\/li>/);
    expect(html).toMatch(/src="\/images\/products\/petite-diamond-stacking-ring-14k-rose-gold-1\.(webp|svg)"[^>]*class="is-active"/);

    const chain = await named('women-necklaces', 'Solana Paperclip Gold Necklace');
    const { page, context, errors } = await newPage(browser, LAPTOP);
    await page.goto(`/product/${chain.id}`);
    const details = page.getByTestId('product-details');
    expect(await details.innerText()).toContain('18 in length');
    await page
      .getByRole('group', { name: /^Length/ })
      .getByText('16 in', { exact: true })
      .click();
    await page.waitForURL(/\?variant=/);
    expect(await details.innerText()).toContain('16 in length');
    expect(await details.innerText()).not.toContain('18 in length');
    await screenshot(page, 'product-length-16', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never chooses a size silently from a card's Add to Cart: the ring's page opens to choose, and the bag names what was chosen", async () => {
    const { page, context, errors } = await newPage(browser, LAPTOP);
    await page.goto('/jewelry/rings');
    const card = page.getByTestId('product-card').first();
    const name = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/product\/[^/?]+$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const note = page.getByTestId('choose-options');
    expect(await note.innerText()).toBe('Choose a size, then add it to your selection.');
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    await screenshot(page, 'card-add-chooses', { fullPage: false });
    await page.getByLabel('Size', { exact: true }).selectOption('7');
    await page.waitForURL(/\?variant=/);
    await page.locator('.product__info').getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    await page.getByTestId('cart-line').first().waitFor();
    expect(await page.getByTestId('cart-line').first().getByTestId('line-variant').innerText()).toMatch(/Size 7\b/);
    const dialog = await openConsultation(page, 'Ada', `card.${Date.now()}@example.com`);
    await dialog
      .getByRole('list', { name: 'Your selection' })
      .getByText(/Size 7\b/)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a size chosen as soon as the page paints, before its scripts have run (not the free ring sizer)', async () => {
    const { ring } = await sizedRing();
    const six = ring.variants!.find((v) => v.options.size === '6')!;
    const { page, context, errors } = await newPage(browser, SMALL_PHONE);
    // The page's scripts are held back until the shopper has chosen, as on a slow phone.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.mainFrame().goto(`${BASE_URL}/product/${ring.id}`, { waitUntil: 'commit' });
    const size = page.getByLabel('Size', { exact: true });
    await size.waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await size.selectOption('6');
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Hydrated, the page holds the size on screen, in the URL and in what Add to Cart puts in the bag.
    await page.waitForURL(`**/product/${ring.id}?variant=${six.id}`);
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('#option-size')?.value === '6');
    await page.locator('.product__info').getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').first();
    await line.waitFor();
    expect(await line.getByTestId('line-variant').innerText()).toBe('Size 6');
    expect(await page.getByTestId('cart-line').filter({ hasText: 'Not sure (free ring sizer)' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
