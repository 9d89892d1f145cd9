/**
 * Server rendering seen from the browser: the first screen arrives as HTML (visible with JavaScript off),
 * the browser hydrates it without a hydration warning or error and without fetching the page's data a
 * second time, and the hydrated page responds to clicks. Screenshots: what a visitor without JavaScript
 * (or a crawler) gets before this change (the bare shell every URL used to answer) and after.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { BASE_URL, DESKTOP, launch, newPage, PHONE, screenshot, someProducts, type ApiProduct } from './browser';

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
    ['custom-design', () => '/custom-design'],
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

  it.each([
    ['a phone', PHONE],
    ["Lighthouse's phone", { width: 412, height: 823 }],
    ['a desktop', DESKTOP],
  ])("should declare in the page's own style every face the first screen shows on %s", async (_name, viewport) => {
    // The faces a page's route does not list are declared by boot.ts after the first screen is shown: text in
    // view set in one of them would change face (and maybe move) then. With JavaScript off only the page's
    // own declarations exist, so what the first screen wants must be among them.
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    const paths = [
      '/',
      '/jewelry',
      '/jewelry/rings',
      '/jewelry/mens-necklaces',
      '/category/women-earrings',
      '/catalogue',
      '/search?q=gold',
    ];
    paths.push(`/product/${product.id}`, '/about', '/contact', '/privacy-policy', '/terms-of-service', '/no-such-page', '/cart');
    paths.push('/custom-design');
    const missing: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      const faces = await page.evaluate(() => {
        const declared = new Set([...document.fonts].map((f) => `${f.family.replace(/"/g, '')} ${f.weight} ${f.style}`));
        const wanted = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement!;
          const box = el.getBoundingClientRect();
          if (!n.textContent?.trim() || box.width === 0 || box.top >= innerHeight || box.bottom <= 0) continue;
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden') continue;
          wanted.add(`${style.fontFamily.split(',')[0].replace(/"/g, '')} ${style.fontWeight} ${style.fontStyle}`);
        }
        return { declared: [...declared], wanted: [...wanted] };
      });
      expect(faces.declared.length).toBeGreaterThanOrEqual(3);
      for (const face of faces.wanted) if (!faces.declared.includes(face)) missing.push(`${path}: ${face}`);
    }
    expect(missing).toEqual([]);
    await context.close();
  });

  it("should fetch the faces a collection's first screen does not show only after its picture, then show them", async () => {
    const { page, context } = await newPage(browser, { width: 412, height: 823 });
    const seen = watch(page);
    await page.goto('/jewelry/rings');
    await hydrated(page);
    const lcpImage = await page.locator('img[fetchpriority="high"]').first().getAttribute('src');
    const timings = await page.evaluate(async (picture) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const loaded = resources.find((r) => r.name.endsWith(picture!))?.responseEnd ?? 0;
      const fonts = resources
        .filter((r) => r.name.endsWith('.woff2'))
        .map((r) => ({ name: r.name.replace(/^.*\/assets\//, ''), start: r.startTime }));
      // When the browser painted the picture (its largest-contentful-paint entry). On a loaded host the heading
      // is painted before the picture and both entries come in one list: the heading has no src.
      const painted = await new Promise<number>((resolve) =>
        new PerformanceObserver((list) => {
          const entry = (list.getEntries() as (PerformanceEntry & { element?: Element; renderTime: number })[]).find((e) =>
            (e.element as HTMLImageElement | undefined)?.src?.endsWith(picture!),
          );
          if (entry) resolve(entry.renderTime || entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      );
      return { fonts, painted, loaded };
    }, lcpImage);
    const later = timings.fonts.filter((f) => /^(cormorant-garamond-latin-500-normal|inter-latin-600-normal)-/.test(f.name));
    const first = timings.fonts.filter((f) => /^(cormorant-garamond-latin-300-normal|inter-latin-400-normal)-/.test(f.name));
    expect(first).toHaveLength(2);
    // The cards' title face (further down the page) was asked for once the first screen's picture was painted,
    // not beside it while it loaded.
    expect(later.map((f) => f.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^cormorant-garamond-latin-500-normal-/)]));
    // boot.ts waits for the paint at most 250 ms after the picture loaded (a loaded host may report it later).
    const notBefore = Math.min(timings.painted, timings.loaded + 250);
    expect(timings.loaded).toBeGreaterThan(0);
    for (const f of later) expect(f.start).toBeGreaterThanOrEqual(notBefore);
    // And the cards show it: the face is loaded and used for a card's title.
    await page.locator('.card').first().scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.fonts].some((f) => f.family.includes('Cormorant') && f.weight === '500' && f.status === 'loaded'),
    );
    expect(await page.evaluate(() => document.fonts.check('500 24px "Cormorant Garamond"'))).toBe(true);
    // Nothing on the first screen moved while the faces arrived.
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!e.hadRecentInput) total += e.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 200);
        }),
    );
    expect(shifted).toBe(0);
    expect(seen.console).toEqual([]);
    await context.close();
  });

  it('should still start the app when the list of later faces cannot be read', async () => {
    const { page, context } = await newPage(browser, PHONE);
    const seen = watch(page);
    await page.route('**/jewelry/rings', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<script type="application\/json" id="later-fonts">)[^<]*/, '$1{"broken":');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/jewelry/rings');
    await hydrated(page);
    // The page still works (hydrated, a click answered) with the faces it declared itself.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await page.evaluate(() => [...document.fonts].some((f) => f.weight === '600'))).toBe(false);
    expect(seen.console.filter((m) => HYDRATION_PROBLEM.test(m))).toEqual([]);
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
