/** Shared set-up for the storefront journeys: Debian's Chromium, two screen sizes, screenshots on disk. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, untilPainted } from '../support/browser';
import { clientAddress } from '../support/client-address';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
export const SCREENSHOT_DIR = join(__dirname, '..', 'screenshots', 'storefront');

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

export const launch = launchChromium;

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[]; dialogs: string[] }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    // This shopper's own client address, so throttles count them alone (see clientAddress).
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A storefront page is server-rendered: clicks before React hydrates it are lost, so every goto to one
  // also waits for the page's data-hydrated mark (set by the Layout's page boundary).
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const path = new URL(url, BASE_URL).pathname;
    if (!path.startsWith('/admin') && !path.startsWith('/api')) {
      // Bounded and forgiving: a page that shows its error boundary never sets the mark.
      await page
        .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 })
        .catch(() => undefined);
    }
    return response;
  };
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { context, page, errors, dialogs };
}

/** Screenshot under e2e/screenshots/storefront/<name>-<desktop|phone>.png (full page by default), after images settle. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = (page.viewportSize()?.width ?? 1440) < 500 ? 'phone' : 'desktop';
  // Scroll through once so lazy images load, then back to the top.
  await untilPainted(page, { scrollThrough: fullPage });
  const path = join(SCREENSHOT_DIR, `${name}-${size}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** The JSON API of the shop under test, for arranging data and checking what a journey wrote. */
export async function apiGet<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(BASE_URL + '/api' + path, { headers: { Accept: 'application/json', 'X-Requested-With': 'facet' } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export interface ApiProduct {
  id: string;
  name: string;
  price: number;
  category: string;
  in_stock: boolean;
  image: string;
}

export async function someProducts(query = 'limit=20'): Promise<ApiProduct[]> {
  const { body } = await apiGet<{ products: ApiProduct[] }>('/products?' + query);
  return body.products;
}
