/** Screenshots of every main screen at desktop (1440x900) and phone (375x812) sizes, for people to look at. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, newPage, PHONE, screenshot, someProducts, type ApiProduct } from './browser';

jest.setTimeout(60_000);

let browser: Browser;
let product: ApiProduct;
beforeAll(async () => {
  browser = await launch();
  product = (await someProducts('limit=20')).find((p) => p.in_stock) as ApiProduct;
});
afterAll(async () => {
  await browser?.close();
});

/** [file name, path, text that shows the screen is ready] */
const SCREENS: [string, string, string][] = [
  ['home', '/', 'Selection'],
  ['jewelry', '/jewelry', "Men's Jewelry"],
  ['collection-women-necklaces', '/jewelry/necklaces', 'NECKLACE COLLECTION'],
  ['collection-men-rings', '/jewelry/mens-rings', "MEN'S RING COLLECTION"],
  ['category', '/category/women-earrings', 'Products Available'],
  ['catalogue', '/catalogue', 'Product Catalogue'],
  ['search', '/search?q=gold', 'Results for'],
  ['search-popular', '/search', 'Popular Searches'],
  ['product', '/product/:id', 'You May Also Like'],
  ['about', '/about', 'Our Values'],
  ['contact', '/contact', 'Send us a message'],
  ['privacy-policy', '/privacy-policy', 'Last revised: September 17, 2025'],
  ['terms-of-service', '/terms-of-service', 'Last revised: September 17, 2025'],
  ['not-found', '/nowhere', 'This page has slipped its setting'],
  ['cart-empty', '/cart', 'Your Selection is Empty'],
];

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('main screens at %s size', (_size, viewport) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await newPage(browser, viewport));
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(SCREENS)('%s (%s)', async (name, path, ready) => {
    await page.goto(path.replace(':id', product.id));
    await page.getByText(ready).first().waitFor({ timeout: 15_000 });
    await screenshot(page, name);
    // Compared with the configured width: on a phone the browser widens its layout viewport to fit wide pages.
    expect((await page.evaluate(() => document.documentElement.scrollWidth)) - viewport.width).toBe(0);
    expect(errors).toEqual([]);
  });

  it('selection, consultation form and wishlist with something in them', async () => {
    await page.goto(`/product/${product.id}`);
    const info = page.locator('.product__info');
    await info.getByRole('button', { name: 'Add to Cart' }).click();
    await info.getByRole('button', { name: /Add to Wishlist/ }).click();
    await page.goto('/cart');
    await page.getByText('Consultation Request').first().waitFor();
    await screenshot(page, 'cart');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.getByRole('button', { name: 'Submit Consultation Request' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit Consultation Request' }).click();
    await dialog.getByText('First name is required').waitFor();
    await screenshot(page, 'consultation-modal', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.goto('/wishlist');
    await page.getByText('My Wishlist').waitFor();
    await screenshot(page, 'wishlist');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(errors).toEqual([]);
  });
});
