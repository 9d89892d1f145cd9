import { Browser } from 'playwright-core';
import { baseUrl, launchChromium, newPage, screenshot } from '../support/browser';

describe('The whole shop on one port', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('should serve Swagger UI at /api/docs under the Content-Security-Policy', async () => {
    const { page, context } = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
    await page.goto('/api/docs');
    await page.getByText('Facet API').first().waitFor({ timeout: 15_000 });
    await page.getByText('/api/products', { exact: false }).first().waitFor();
    await screenshot(page, 'foundation', 'swagger');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('should serve the OpenAPI document describing the catalogue routes', async () => {
    const doc = await fetch(`${baseUrl()}/api/docs-json`).then((r) => r.json());
    for (const path of [
      '/api/products',
      '/api/products/{id}',
      '/api/products/random',
      '/api/products/category/{category}',
      '/api/categories',
      '/api/categories/{id}',
      '/api/admin/products',
      '/api/admin/products/{id}',
      '/api/admin/clear-inventory',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('should serve the storefront at / listing products from the API, with history fallback', async () => {
    const { page, context } = await newPage(browser);
    const first = await fetch(`${baseUrl()}/api/products?limit=1`).then((r) => r.json());
    await page.goto(`/product/${first.products[0].id}`);
    await page.getByText(first.products[0].name).first().waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('should send the built assets compressed, cached for a year, and the same bytes once decoded', async () => {
    const html = await fetch(`${baseUrl()}/`).then((r) => r.text());
    // The small boot script the parser meets, and the app it loads (data-app).
    const [, boot, app] = /<script[^>]+src="(\/assets\/[^"]+\.js)" data-app="(\/assets\/[^"]+\.js)"/.exec(html)!;
    for (const script of [boot, app]) {
      const plain = Buffer.from(await (await fetch(baseUrl() + script, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      for (const encoding of ['br', 'gzip']) {
        // Node's fetch decodes the body itself; the header and the length show what travelled.
        const res = await fetch(baseUrl() + script, { headers: { 'accept-encoding': encoding } });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        // A kilobyte of boot script shrinks less than the app's own 76 KB (about 3x by gzip; React and the router
        // are chunks of their own since 2026-12-02, and the entry is the shop's code alone).
        expect(Number(res.headers.get('content-length'))).toBeLessThan(plain.length / (script === app ? 2.5 : 1.5));
        expect(Buffer.from(await res.arrayBuffer()).equals(plain)).toBe(true);
      }
    }
  });

  it('should serve the console at /admin', async () => {
    const res = await fetch(`${baseUrl()}/admin/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
