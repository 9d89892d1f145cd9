import { mkdirSync } from 'fs';
import { join } from 'path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--no-first-run',
];

/** Debian's Chromium, never a downloaded browser; flags keep it off the (closed) network. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_FLAGS,
};

/**
 * The journeys' browser: the one global-setup.ts started for the whole run (E2E_BROWSER_WS), so a file opens
 * contexts in a running Chromium rather than starting its own (seconds each on a busy host); a Chromium of its
 * own when there is none. close() on it closes this file's contexts and leaves the shared browser running.
 */
export async function launchChromium(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  if (shared) {
    try {
      return await chromium.connect(shared, { timeout: 30_000 });
    } catch {
      /* gone (it crashed or the run was started without it): a browser of this file's own */
    }
  }
  return chromium.launch(CHROMIUM_OPTIONS);
}

export function baseUrl(): string {
  return process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under e2e/screenshots/<area>/<name>.png. */
export async function screenshot(page: Page, area: string, name: string): Promise<void> {
  const dir = join(__dirname, '..', 'screenshots', area);
  mkdirSync(dir, { recursive: true });
  await untilPainted(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

/**
 * Waits until what a screenshot or an axe run sees has arrived: every image on screen loaded (or failed), the
 * fonts in, two frames painted. With `scrollThrough`, it first scrolls the page a screen at a time, waiting at
 * each for the images lazy loading has just started, then back to the top. A condition, not a sleep: bounded at
 * 10 s, after which the caller goes on with what is there.
 */
export async function untilPainted(page: Page, { scrollThrough = false } = {}): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // A context with JavaScript off (what crawlers see) evaluates, but its timers and frames never fire, so the
  // checks below would wait forever: there the page as loaded is what is shot.
  const scripts = await Promise.race([
    page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0))).catch(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
  ]);
  if (!scripts) return;
  await page
    .evaluate(async (scroll) => {
      const deadline = Date.now() + 10_000;
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const onScreen = (img: HTMLImageElement) => {
        const r = img.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      };
      // A lazy image off screen has not been asked for yet; any other image should be in.
      const pending = () => Array.from(document.images).some((img) => !img.complete && (img.loading !== 'lazy' || onScreen(img)));
      const imagesIn = async () => {
        while (pending() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      };
      if (scroll) {
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
          scrollTo(0, y);
          await frame();
          await imagesIn();
        }
        scrollTo(0, 0);
      }
      await frame();
      await imagesIn();
      await document.fonts.ready;
      await frame();
      await frame();
    }, scrollThrough)
    .catch(() => undefined);
}
