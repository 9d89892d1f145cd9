/**
 * The shopping journeys of part 1: browse a collection, search from the header, open a product, keep a
 * selection and a wishlist, request a consultation, and use the mobile menu.
 */
import type { Browser } from 'playwright-core';
import { apiGet, launch, newPage, PHONE, screenshot, someProducts } from './browser';

jest.setTimeout(90_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Storefront journeys', () => {
  it('browses from /jewelry into a collection and a product', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto('/jewelry');
    await page.getByRole('heading', { name: 'Fine Jewelry', level: 1 }).waitFor();
    await page.locator('.tile', { hasText: 'Necklaces' }).first().click();
    await page.waitForURL('**/jewelry/necklaces');
    await page.getByRole('heading', { name: "WOMEN'S NECKLACES" }).waitFor();
    await page.getByRole('heading', { name: 'NECKLACE COLLECTION' }).waitFor();
    await page.getByText(/^\d+ necklaces? found$/).waitFor();
    const cards = page.getByTestId('product-card');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(20);

    const name = (await cards.first().locator('.card__name').innerText()).trim();
    await cards.first().locator('.card__name a').click();
    await page.waitForURL('**/product/*');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'You May Also Like' }).waitFor();
    await page.locator('.related [data-testid="product-card"]').first().waitFor();
    expect(await page.locator('.related [data-testid="product-card"]').count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loads more women's rings and hides the button when a short page arrives", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/jewelry/rings');
    await page.getByText(/^\d+ rings? found$/).waitFor();
    const first = await page.getByTestId('product-card').count();
    expect(first).toBeLessThanOrEqual(8);
    const more = page.getByRole('button', { name: 'Load More Rings' });
    if (first === 8 && (await more.isVisible())) {
      await more.click();
      await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
      expect(await page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(8);
    } else {
      expect(await more.count()).toBe(0);
    }
    await context.close();
  });

  it('searches from the header: live suggestions, then the search page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search jewelry' }).first();
    await box.fill('diamond');
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBeLessThanOrEqual(5);
    for (const text of await options.allInnerTexts()) expect(text.toLowerCase()).toContain('diamond');
    const viewAll = page.getByRole('link', { name: /^View all \d+ results$/ });
    if (await viewAll.count()) expect(await viewAll.getAttribute('href')).toBe('/catalogue?search=diamond');

    await box.press('Enter');
    await page.waitForURL('**/search?q=diamond');
    expect(await box.inputValue()).toBe('');
    await page.getByRole('heading', { name: /Results for/ }).waitFor();
    await page.getByText(/^\d+ items? found$/).waitFor();
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);

    await page.goto('/search?q=zzzz-nothing-like-this');
    await page.getByRole('heading', { name: 'No items found' }).waitFor();
    await context.close();
  });

  it('searches several words: the header, its View all, Enter and the catalogue find the same pieces, best match first', async () => {
    const { total } = (await apiGet<{ total: number }>('/products?search=gold%20ring&limit=1')).body;
    expect(total).toBeGreaterThan(5); // "gold" and "ring" were each found, "gold ring" not once
    const { page, context, errors } = await newPage(browser);
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search jewelry' }).first();
    await box.fill('gold ring');
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.first().innerText()).toContain('Heritage Gold Signet Ring');
    const viewAll = page.getByRole('link', { name: `View all ${total} results` });
    await viewAll.waitFor();
    expect(await viewAll.getAttribute('href')).toBe('/catalogue?search=gold%20ring');
    await screenshot(page, 'search-several-words', { fullPage: false });

    await box.press('Enter');
    await page.waitForURL('**/search?q=gold%20ring');
    await page.getByText(`${total} items found`).waitFor();
    expect(await page.getByTestId('product-card').first().locator('.card__name').innerText()).toContain('Heritage Gold Signet Ring');

    await page.goto('/catalogue?search=gold%20ring');
    await page.getByText(`${total} products found`).waitFor();
    // Plurals and punctuation: "diamond earrings" finds as "Diamond, earring" does.
    await page.goto('/search?q=diamond%20earrings');
    const earrings = (await page.getByText(/^\d+ items? found$/).textContent()) ?? ''; // innerText is upper-cased by the CSS
    expect(Number.parseInt(earrings, 10)).toBeGreaterThan(0);
    await page.goto('/search?q=Diamond%2C%20earring');
    await page.getByText(earrings, { exact: true }).waitFor();
    // A wildcard is no pattern: "%" finds nothing rather than everything.
    await page.goto('/search?q=%25');
    await page.getByRole('heading', { name: 'No items found' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the catalogue's filters in its URL: shared, rendered by the server, and there again on Back", async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto('/catalogue');
    await page.getByText(/^\d+ products? found$/).waitFor();
    await page.getByLabel('Category').selectOption('women-rings');
    await page.getByLabel('Sort by').selectOption('price-low');
    await page.getByLabel('In stock only').check();
    await page.waitForURL(/\/catalogue\?category=women-rings&sort=price-low&in_stock=true$/);
    const count = page.getByText(/^\d+ products? found$/);
    const { total } = (await apiGet<{ total: number }>('/products?category=women-rings&in_stock=true&limit=1')).body;
    await page.getByText(`${total} ${total === 1 ? 'product' : 'products'} found`).waitFor();
    const filtered = page.url();
    await screenshot(page, 'catalogue-filters-in-url', { fullPage: false });

    await page.getByTestId('product-card').first().locator('.card__name a').click();
    await page.waitForURL('**/product/*');
    await page.goBack();
    await page.waitForURL(filtered);
    await page.getByText(`${total} ${total === 1 ? 'product' : 'products'} found`).waitFor();
    expect(await page.getByLabel('Category').inputValue()).toBe('women-rings');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-low');
    expect(await page.getByLabel('In stock only').isChecked()).toBe(true);

    // The shared link, opened elsewhere, shows the same filtered catalogue from the server's first answer.
    const html = await (await fetch(filtered)).text();
    expect(html).toContain(`${total} ${total === 1 ? 'product' : 'products'} found`);
    const other = await newPage(browser, PHONE);
    await other.page.goto(filtered);
    await other.page.getByText((await count.textContent()) ?? '', { exact: true }).waitFor();
    expect(await other.page.getByLabel('Category').inputValue()).toBe('women-rings');
    await screenshot(other.page, 'catalogue-filters-in-url', { fullPage: false });
    await other.context.close();

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.waitForURL(/\/catalogue$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters the catalogue and clears the filters', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/catalogue');
    await page.getByText(/^\d+ products? found$/).waitFor();
    await page.getByPlaceholder('Search products...').fill('zzzz-nothing');
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
    await page.getByText('Try adjusting your filters or search terms.').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.locator('.product-grid--list').waitFor();
    await context.close();
  });

  it('adds a product to the selection and requests a consultation', async () => {
    const product = (await someProducts('limit=50')).find((p) => p.in_stock);
    expect(product).toBeDefined();
    const { page, context, errors, dialogs } = await newPage(browser);
    await page.goto(`/product/${product!.id}`);
    await page.getByRole('heading', { name: product!.name, level: 1 }).waitFor();
    const info = page.locator('.product__info');
    await info.getByRole('button', { name: 'Increase quantity' }).click();
    await info.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.locator('.toast');
    await toast.getByText('Added to Cart!', { exact: true }).waitFor();
    await toast.getByText(`${product!.name} has been added to your cart.`).waitFor();
    expect(await page.getByTestId('cart-count').innerText()).toBe('2');

    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your Selection', level: 1 }).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    await page.getByRole('button', { name: 'Submit Consultation Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Consultation' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit Consultation Request' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByLabel(/First name/).fill('Eleanor');
    await dialog.getByLabel(/Last name/).fill('Vance');
    await dialog.getByLabel(/Email/).fill(`eleanor.${Date.now()}@example.com`);
    await dialog.getByLabel(/Phone/).fill('+1 (212) 555-0100');
    await dialog.getByRole('button', { name: 'Submit Consultation Request' }).click();

    await Promise.race([
      page.waitForURL('**/consultation-submitted'),
      page.waitForEvent('dialog').then(() => Promise.reject(new Error(`Alert: ${dialogs.join(' | ')}`))),
    ]);
    await page.getByRole('heading', { name: 'Thank you, Eleanor.' }).waitFor();
    await screenshot(page, 'consultation-submitted');
    const orderId = (await page.getByTestId('order-id').innerText()).trim();
    expect(orderId).not.toBe('');
    expect(await page.getByTestId('cart-count').count()).toBe(0);

    const order = await apiGet<Record<string, unknown>>(`/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(JSON.stringify(order.body)).toContain(product!.id);

    // Without navigation state (a fresh visit, not a reload) the confirmation sends the shopper home.
    await page.goto('/about');
    await page.goto('/consultation-submitted');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the wishlist across a reload', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/jewelry/mens-bracelets');
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    const name = (await card.locator('.card__name').innerText()).trim();
    await card.getByRole('button', { name: `Add ${name} to wishlist` }).click();
    await page.locator('.toast').getByText('Added to Wishlist', { exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('wishlist-count').waitFor();
    expect(await page.getByTestId('wishlist-count').innerText()).toBe('1');
    await page.goto('/wishlist');
    await page.getByTestId('wishlist-item').first().waitFor();
    expect(await page.getByTestId('wishlist-item').locator('.card__name').innerText()).toBe(name);
    const stored = await page.evaluate(() => localStorage.getItem('facet:wishlist'));
    expect(JSON.parse(stored ?? '[]')[0].name).toBe(name);
    await context.close();
  });

  it('opens the mobile menu at 375 px and navigates from it', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await screenshot(page, 'mobile-menu', { fullPage: false });
    await menu.getByRole('link', { name: 'Rings', exact: true }).nth(1).click(); // the Men column
    await page.waitForURL('**/jewelry/mens-rings');
    await page.getByRole('heading', { name: "MEN'S RINGS" }).waitFor();
    expect(await menu.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('sends a message from the contact page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Full name is required').waitFor();
    await page.getByLabel('Full Name *').fill('Margaret Hale');
    await page.getByLabel('Email Address *').fill('margaret@example.com');
    await page.getByLabel('Subject *').selectOption('Appraisal');
    await page.getByLabel('Message *').fill('I would like an appraisal of my grandmother’s ring.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.toast').getByText('Message sent successfully!', { exact: true }).waitFor();
    expect(await page.getByLabel('Full Name *').inputValue()).toBe('');
    await context.close();
  });

  it('sends unknown products home and shows a not-found page for unknown routes', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/product/00000000-0000-4000-8000-000000000000');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'This page has slipped its setting' }).waitFor();
    // A path no route pattern can match (a line terminator in it) is the same page once hydrated, with the
    // shop's header, not react-router's developer screen.
    for (const path of ['/rings%0A', '/about%E2%80%A8']) {
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(404);
      await page.locator('html[data-hydrated]').waitFor();
      await page.getByRole('heading', { name: 'This page has slipped its setting' }).waitFor();
      await page.getByRole('link', { name: 'Browse the Catalogue' }).waitFor();
      expect(await page.content()).not.toMatch(/Hey developer|Unexpected Application Error/);
    }
    await context.close();
  });
});
