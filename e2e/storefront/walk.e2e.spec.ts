/**
 * The held-out walk of issue 41, at the walk's own sizes (desktop 1366×900, phone 390×844): the header's
 * "View all N results" agrees with the catalogue it opens, a collection offers Load More only while more
 * exist and then loads them, the custom-design step-4 Remove button is a styled, named, focusable control,
 * and /custom-design is open to search engines (server-rendered head, sitemap).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { apiGet, BASE_URL, launch, newPage, screenshot } from './browser';

jest.setTimeout(120_000);

const WALK_DESKTOP = { width: 1366, height: 900 };
const WALK_PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', WALK_DESKTOP],
  ['phone', WALK_PHONE],
] as const;

// A 1x1 PNG, made here rather than shipped.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The header's search box: in the masthead on a desktop, inside the menu on a phone. */
async function headerSearch(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.locator('#mobile-menu').getByRole('combobox', { name: 'Search jewelry' });
  }
  return page.locator('.masthead').getByRole('combobox', { name: 'Search jewelry' });
}

describe('The walk of issue 41', () => {
  it.each(SIZES)("header search: 'View all N results' for diamond lands on N products found (%s)", async (size, viewport) => {
    const { body } = await apiGet<{ total: number }>('/products?search=diamond&limit=1');
    expect(body.total).toBeGreaterThan(5); // the seed holds more diamond pieces than the list shows

    const { page, context, errors } = await newPage(browser, viewport);
    await page.goto('/about');
    const box = await headerSearch(page, size === 'phone');
    await box.fill('diamond');
    const all = page.getByRole('link', { name: /^View all \d+ results$/ });
    await all.waitFor();
    const shown = Number(/\d+/.exec(await all.innerText())![0]);
    expect(shown).toBe(body.total);
    await screenshot(page, `walk-search-suggestions`, { fullPage: false });
    await all.click();
    await page.waitForURL(/\/catalogue\?search=diamond$/);
    await page.getByText(`${shown} products found`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(SIZES)(
    "women's rings: no Load More Rings once every ring shows; a longer list loads its next page (%s)",
    async (size, viewport) => {
      const { body: rings } = await apiGet<{ total: number }>('/products?category=women-rings&limit=1');
      const { page, context, errors } = await newPage(browser, viewport);
      await page.goto('/jewelry/rings');
      await page.getByText(`${rings.total} rings found`).waitFor();
      const cards = page.getByTestId('product-card');
      if (rings.total <= 8) {
        // Every ring is on the first page: a button here would load nothing.
        expect(await cards.count()).toBe(rings.total);
        expect(await page.getByRole('button', { name: /Load More/ }).count()).toBe(0);
      } else {
        await page.getByRole('button', { name: 'Load More Rings' }).click();
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="product-card"]').length > n, 8);
      }
      await screenshot(page, 'walk-rings');

      // The catalogue pages the same way: Load More shows "Showing n of N" and brings the next twelve.
      const { body: all } = await apiGet<{ total: number }>('/products?limit=1');
      await page.goto('/catalogue');
      await page.getByText(`${all.total} products found`).waitFor();
      await page.getByText(`Showing 12 of ${all.total}`).waitFor();
      await page.getByRole('button', { name: 'Load More' }).click();
      await page.getByText(`Showing 24 of ${all.total}`).waitFor();
      expect(await cards.count()).toBe(24);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(SIZES)(
    'custom design step 4: Remove is a styled, named, focusable button, and removes the image (%s)',
    async (size, viewport) => {
      const { page, context, errors } = await newPage(browser, viewport);
      await page.goto('/custom-design');
      const step = (n: number) => page.getByText(`Step ${n} of 5`, { exact: true }).waitFor();
      await page.getByRole('button', { name: /Women's/ }).click();
      await page.getByRole('button', { name: 'Rings', exact: true }).click();
      await step(2);
      await page.getByRole('button', { name: 'Oval' }).click();
      await page.getByRole('button', { name: '1 – 1.5 ct' }).click();
      await step(3);
      await page.getByRole('button', { name: 'Yellow Gold' }).click();
      await page.getByRole('button', { name: '18K' }).click();
      await step(4);

      const dir = join(tmpdir(), 'facet-e2e');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'halo-sketch.png'), PNG);
      await page.locator('#design-image').setInputFiles(join(dir, 'halo-sketch.png'));
      await page.getByRole('img', { name: 'Your design' }).waitFor();

      const remove = page.getByRole('button', { name: 'Remove design image halo-sketch.png' });
      await remove.waitFor();
      const look = await remove.evaluate((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          font: s.fontFamily,
          transform: s.textTransform,
          borderStyle: s.borderTopStyle,
          background: s.backgroundColor,
          height: box.height,
          right: box.right,
          width: document.documentElement.clientWidth,
        };
      });
      // The shop's button, not the browser's: its text face, upper case, a thin solid line, no grey fill.
      expect(look.font).toMatch(/Inter/);
      expect(look.transform).toBe('uppercase');
      expect(look.borderStyle).toBe('solid');
      expect(look.background).toBe('rgba(0, 0, 0, 0)');
      expect(look.height).toBeGreaterThanOrEqual(size === 'phone' ? 44 : 40);
      expect(look.right).toBeLessThanOrEqual(look.width);
      await screenshot(page, 'walk-design-remove');

      // Keyboard: Tab reaches it (from the file field before it), and it shows the accent focus ring.
      await remove.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const ring = await remove.evaluate((el) => {
        const s = getComputedStyle(el);
        return { focused: document.activeElement === el, outline: s.outlineStyle, width: s.outlineWidth };
      });
      expect(ring).toEqual({ focused: true, outline: 'solid', width: '2px' });
      await screenshot(page, 'walk-design-remove-focus', { fullPage: false });

      await page.keyboard.press('Enter');
      await page.getByText('Choose an image').waitFor();
      expect(await page.getByRole('img', { name: 'Your design' }).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('design-image');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('/custom-design is in the sitemap and its server-rendered head invites indexing', async () => {
    const sitemap = await (await fetch(BASE_URL + '/sitemap.xml')).text();
    expect(sitemap).toMatch(/<url><loc>http:\/\/[^<]+\/custom-design<\/loc><lastmod>/);
    // What a crawler gets: the page with JavaScript off.
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false, viewport: WALK_PHONE });
    const page = await context.newPage();
    await page.goto('/custom-design');
    expect(await page.title()).toBe('Custom Jewelry Design | Facet Fine Jewelry');
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/custom-design$/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Design your own/);
    await page.getByRole('heading', { name: 'Design Your Own' }).waitFor();
    await page.getByText('What would you like us to create?').waitFor();
    await screenshot(page, 'walk-custom-design-no-js', { fullPage: false });
    await context.close();
  });
});
