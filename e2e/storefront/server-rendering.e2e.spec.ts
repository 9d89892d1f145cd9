/**
 * Server rendering seen from the browser: the first screen arrives as HTML (visible with JavaScript off),
 * the browser hydrates it without a hydration warning or error and without fetching the page's data a
 * second time, and the hydrated page responds to clicks. Screenshots: what a visitor without JavaScript
 * (or a crawler) gets before this change (the bare shell every URL used to answer) and after.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { BASE_URL, launch, newPage, PHONE, screenshot, someProducts, type ApiProduct } from './browser';

jest.setTimeout(90_000);

let browser: Browser;
let product: ApiProduct;
beforeAll(async () => {
  browser = await launch();
  product = (await someProducts('limit=20')).find((p) => p.in_stock) as ApiProduct;
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors and warnings, and the API and stylesheet requests the page made, from the first byte on. */
function watch(page: Page) {
  const console: string[] = [];
  const api: string[] = [];
  const styles: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console.push(`pageerror: ${e.message}`));
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search);
    if (url.pathname.endsWith('.css')) styles.push(url.pathname);
  });
  return { console, api, styles };
}

/** Hydration is done when React has attached to the root (its container carries React's internal key). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root') as any;
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

const HYDRATION_PROBLEM = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;

describe('Server-rendered storefront in the browser', () => {
  it.each([
    ['product', () => `/product/${product.id}`],
    ['home', () => '/'],
    ['collection', () => '/jewelry/rings'],
    ['category', () => '/category/women-earrings'],
    ['catalogue', () => '/catalogue'],
    ['search', () => '/search?q=gold'],
    ['about', () => '/about'],
  ])('should hydrate the %s page with no hydration warning and no second fetch of its data or styles', async (name, path) => {
    const { page, context } = await newPage(browser);
    const seen = watch(page);
    const response = await page.goto(path());
    expect(response?.status()).toBe(200);
    await hydrated(page);
    expect(seen.console.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
    expect(seen.console).toEqual([]);
    // The loaders' data came with the page: no catalogue request on load.
    expect(seen.api.filter((p) => p.startsWith('/api/products') || p.startsWith('/api/categories'))).toEqual([]);
    // Nor a second copy of the styles the server inlined (named by disabled links the app's loader sees).
    const inlined = await page.$$eval('link[rel="stylesheet"][disabled]', (links) => links.map((l) => l.getAttribute('href')));
    if (name !== 'home') expect(inlined.length).toBeGreaterThan(0); // home's styles are all in the entry's
    expect(seen.styles.filter((href) => inlined.includes(href))).toEqual([]);
    await context.close();
  });

  it("should load the first slide's picture first, and the other slides' only once the page has hydrated", async () => {
    const { page, context } = await newPage(browser);
    const slides: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/images/hero/')) slides.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await hydrated(page);
    // The server sends the first slide's picture only; the browser loaded it before anything else of the hero.
    expect(slides[0]).toBe('/images/hero/slide-1.webp');
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const script = resources.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))!;
      const others = resources.filter((r) => /\/images\/hero\/slide-[2-5]\.webp$/.test(r.name)).map((r) => r.startTime);
      const first = resources.find((r) => r.name.endsWith('/images/hero/slide-1.webp'))!;
      return { scriptStart: script.startTime, scriptEnd: script.responseEnd, others, firstEnd: first.responseEnd };
    });
    // The app's script is asked for only once the first slide has arrived (boot.ts), so they never share the line.
    expect(timings.scriptStart).toBeGreaterThanOrEqual(timings.firstEnd);
    // Slides 2 to 5 are asked for only once React runs (it adds them after hydrating), never with the first.
    expect(timings.others).toHaveLength(4);
    for (const start of timings.others) expect(start).toBeGreaterThan(timings.scriptEnd);
    expect(await page.locator('.hero__image').count()).toBe(5);
    await context.close();
  });

  it('should respond to clicks once hydrated, and fetch only what a client-side navigation needs', async () => {
    const { page, context } = await newPage(browser);
    const seen = watch(page);
    await page.goto(`/product/${product.id}`);
    await hydrated(page);
    expect(seen.api.filter((p) => p.includes(product.id))).toEqual([]);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByLabel('Quantity: 2').waitFor();
    await page.locator('.product__add').click();
    await page.getByRole('link', { name: 'Your selection, 2 items' }).waitFor();
    // A client-side navigation runs the next page's loader once.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('[data-testid="featured-product"]').waitFor();
    expect(seen.api.filter((p) => p.startsWith('/api/products/random'))).toHaveLength(1);
    expect(seen.console).toEqual([]);
    await context.close();
  });

  it('should show the stored cart count after hydrating, without a mismatch', async () => {
    const { page, context } = await newPage(browser);
    const seen = watch(page);
    await page.goto('/about');
    await page.evaluate((p) => {
      localStorage.setItem('facet:cart', JSON.stringify([{ id: p.id, name: p.name, price: p.price, image: p.image, quantity: 3 }]));
    }, product);
    await page.goto(`/product/${product.id}`);
    await hydrated(page);
    await page.getByRole('link', { name: /Your selection, 3 items?/ }).waitFor();
    expect(seen.console.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
    await context.close();
  });

  it('should send an unknown product home after a 404', async () => {
    const { page, context } = await newPage(browser);
    const seen = watch(page);
    const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await page.waitForURL((u) => u.pathname === '/');
    expect(seen.console.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
    await context.close();
  });

  it('should show the product page without JavaScript (what crawlers and a first paint get): before and after', async () => {
    for (const viewport of [undefined, PHONE]) {
      const context = await browser.newContext({
        baseURL: BASE_URL,
        javaScriptEnabled: false,
        viewport: viewport ?? { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      // Before: every URL answered the bare single-page-app shell (still served as /index.html).
      await page.goto('/index.html');
      expect(await page.locator('#root').innerHTML()).toBe('');
      await screenshot(page, 'ssr-before-no-javascript-product', { fullPage: false });
      await page.goto(`/product/${product.id}`);
      expect(await page.locator('h1').innerText()).toBe(product.name);
      await screenshot(page, 'ssr-after-no-javascript-product', { fullPage: false });
      await page.goto('/');
      await page.locator('[data-testid="featured-product"]').waitFor();
      await screenshot(page, 'ssr-after-no-javascript-home', { fullPage: false });
      await context.close();
    }
  });
});
