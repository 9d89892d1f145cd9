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
    for (const path of ['/api/products', '/api/products/{id}', '/api/products/random', '/api/products/category/{category}', '/api/categories', '/api/categories/{id}', '/api/admin/products', '/api/admin/products/{id}', '/api/admin/clear-inventory', '/api/health']) {
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

  it('should serve the console at /admin', async () => {
    const res = await fetch(`${baseUrl()}/admin/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
