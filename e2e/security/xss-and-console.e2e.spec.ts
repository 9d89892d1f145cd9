import { Browser, Page } from 'playwright-core';
import { baseUrl, launchChromium, newPage } from '../support/browser';
import { clientAddress } from '../support/client-address';

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';

async function api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-requested-with': 'facet', 'x-forwarded-for': clientAddress() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(baseUrl() + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: any = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json };
}

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  return violations;
}

/** Stored XSS through product text and contact messages, the console behind a forged storage flag, and the CSP. */
describe('Browser-level attacks', () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchChromium();
    const login = await api('POST', '/api/staff/login', {
      username: process.env.E2E_ADMIN_EMAIL,
      password: process.env.E2E_ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    token = login.body.token;
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page signed in to the console as the administrator. */
  async function consolePage() {
    const { page, context } = await newPage(browser);
    await page.goto('/admin/login');
    await page.locator('input[name="username"]').fill(process.env.E2E_ADMIN_EMAIL!);
    await page.locator('input[name="password"]').fill(process.env.E2E_ADMIN_PASSWORD!);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL(/\/admin\/(?!login)/, { timeout: 15_000 });
    return { page, context };
  }

  it('should show injected product text literally on the product page, running no script', async () => {
    const created = await api(
      'POST',
      '/api/admin/products',
      {
        name: `Hostile ${IMG} Ring`,
        description: `Stored ${SCRIPT} and ${IMG} here`,
        price: 1234,
        category: 'women-rings',
        features: [SCRIPT],
      },
      token,
    );
    expect(created.status).toBe(201);
    const { page, context } = await newPage(browser);
    const violations = watchCsp(page);
    await page.goto(`/product/${created.body.id}`);
    await page.getByText(`Hostile ${IMG} Ring`).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('should show injected contact messages literally in the console', async () => {
    const msg = await api('POST', '/api/contact', {
      name: `Eve ${IMG}`,
      email: 'eve.xss@example.com',
      subject: `Subject ${SCRIPT}`,
      message: `Body ${IMG} ${SCRIPT}`,
    });
    expect(msg.status).toBeLessThan(300);
    const { page, context } = await consolePage();
    await page.goto('/admin/messages');
    await page.getByText(`Eve ${IMG}`).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await context.close();
  });

  it("should show injected design notes literally on the console's custom design page", async () => {
    const design = await api('POST', '/api/custom-design', {
      category: 'women',
      jewelry_type: 'women-rings',
      diamond_shape: 'oval',
      diamond_size: '1-1.5',
      metal_type: 'rose-gold',
      metal_karat: '14K',
      design_image: null,
      design_notes: `Notes ${IMG} ${SCRIPT}`,
      contact_name: 'Eve Hostile',
      contact_email: 'eve.design@example.com',
      contact_phone: '+1 (212) 555-0199',
      preferred_contact: 'email',
    });
    expect(design.status).toBe(201);
    const { page, context } = await consolePage();
    const violations = watchCsp(page);
    await page.goto(`/admin/custom-designs/${design.body.id}/show`);
    await page.getByText(`Notes ${IMG}`, { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("should show injected product names literally in the console's product list", async () => {
    const name = `Console ${IMG} Pendant`;
    expect(
      (await api('POST', '/api/admin/products', { name, description: `About ${SCRIPT}`, price: 99, category: 'women-necklaces' }, token))
        .status,
    ).toBe(201);
    const { page, context } = await consolePage();
    await page.goto(`/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: 'Console' }))}`);
    await page.getByText(name).first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await context.close();
  });

  it('should send a forged "signed in" storage flag back to /admin/login and fetch no admin data', async () => {
    const { page, context } = await newPage(browser);
    const adminOk: string[] = [];
    page.on('response', (r) => r.url().includes('/api/admin/') && r.status() < 300 && adminOk.push(r.url()));
    await page.goto('/admin/login');
    await page.evaluate(() => {
      for (const k of ['auth', 'token', 'isAdmin', 'admin', 'adminSession', 'facet_admin', 'user', 'role', 'RaStore.auth', 'ra.auth']) {
        localStorage.setItem(k, JSON.stringify({ role: 'admin', token: 'forged', authenticated: true }));
        sessionStorage.setItem(k, 'true');
      }
      document.cookie = 'facet_session=forged; path=/';
    });
    await page.goto('/admin/dashboard');
    await page.waitForURL(/\/admin\/login/, { timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/\/admin\/login/);
    expect(adminOk).toEqual([]);
    await context.close();
  });

  it('should load /, a product page and /admin/login with no CSP violation', async () => {
    const first = await api('GET', '/api/products?limit=1');
    for (const path of ['/', `/product/${first.body.products[0].id}`, '/admin/login']) {
      const { page, context } = await newPage(browser);
      const violations = watchCsp(page);
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.waitForLoadState('networkidle').catch(() => undefined);
      expect(`${path}: ${violations.join(' | ')}`).toBe(`${path}: `);
      await context.close();
    }
  });
});
