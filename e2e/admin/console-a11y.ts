/**
 * What the console's accessibility journeys share (console-a11y*.e2e.spec.ts, split so the two workers run the
 * desktop walk, the phone walk and the bulk actions side by side): axe in the page, the pages to walk, and the
 * records each file arranges for itself (its own stamp, so one file's bulk changes never meet another's walk).
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot, untilPainted } from '../support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE_URL, launch, staffToken, untilListed } from './support';

export const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Waits for the page to settle: its title filled in, no spinner, the network quiet. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('h1')?.textContent ?? '').trim().length > 0, undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await untilPainted(page);
}

/** axe-core's own source in the page, then a run of every rule; the serious and critical findings. */
export async function axeFindings(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const describeFindings = (page: string, found: AxeViolation[]) =>
  found.map(
    (v) =>
      `${page}: [${v.impact}] ${v.id} (${v.help}) on ${v.nodes.length} element(s), e.g. ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );

/** The console open in a desktop and a phone context (signed in as staff where asked), with the records to show. */
export interface Console {
  browser: Browser;
  desktop: BrowserContext;
  phone: BrowserContext;
  token: string;
  stamp: string;
  /** The e-mail of the bulk orders, design and messages' client. */
  client: string;
  ids: Record<string, string>;
  signIn(context: BrowserContext): Promise<void>;
}

export async function signIn(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard', { timeout: 60_000 });
  await page.close();
}

/**
 * Opens the browser's two contexts and arranges what every console page has to show: a product, three orders, a
 * custom design, two messages, a card order with a payment session, a customer with locked sign-ins, an erased
 * customer. Signs staff in on the contexts named.
 */
export async function openConsole(signedIn: ('desktop' | 'phone')[]): Promise<Console> {
  const browser = await launch();
  // The shop's CSP (script-src 'self') would refuse the injected axe script; the check needs it in the page.
  const options = { baseURL: BASE_URL, reducedMotion: 'reduce' as const, bypassCSP: true, acceptDownloads: true };
  const desktop = await browser.newContext({ ...options, viewport: DESKTOP });
  const phone = await browser.newContext({ ...options, viewport: PHONE, isMobile: true, hasTouch: true });
  for (const c of [desktop, phone]) c.setDefaultTimeout(20_000);
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
  const client = `bulk.${stamp}@example.com`;
  const ids: Record<string, string> = {};
  const token = await staffToken();

  const product = await api(
    'POST',
    '/api/admin/products',
    { name: `A11y Pendant ${stamp}`, description: 'x', price: 640, category: 'women-necklaces' },
    token,
  );
  expect(product.status).toBe(201);
  ids.product = product.body.id;
  for (let n = 0; n < 3; n++) {
    const order = await api('POST', '/api/orders', {
      items: [{ product_id: product.body.id, product_name: product.body.name, price: 640, quantity: n + 1 }],
      shipping: {
        first_name: 'Bulk',
        last_name: `Client ${n}`,
        email: client,
        phone: '+1 212 555 0199',
        address: '1 Main St',
        city: 'New York',
        state: 'NY',
        zip_code: '10001',
        country: 'US',
      },
      payment: { card_name: '', last_4: '' },
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
    });
    expect(order.status).toBeLessThan(300);
    ids[`order${n}`] = order.body.order_id;
  }
  const design = await api('POST', '/api/custom-design', {
    category: 'women',
    jewelry_type: 'women-rings',
    diamond_shape: 'oval',
    diamond_size: '1-1.5',
    metal_type: 'platinum',
    metal_karat: 'Pure Platinum',
    design_image: null,
    design_notes: `Bulk design ${stamp}`,
    contact_name: 'Katherine Johnson',
    contact_email: client,
    contact_phone: '+1 212 555 0100',
    preferred_contact: 'email',
  });
  expect(design.status).toBeLessThan(300);
  ids.design = design.body.id;
  for (let n = 0; n < 2; n++) {
    const sent = await api('POST', '/api/contact', {
      name: 'Dorothy Vaughan',
      email: client,
      phone: '',
      subject: `Bulk ${stamp} ${n}`,
      message: 'A question about a clasp.',
    });
    expect(sent.status).toBeLessThan(300);
  }
  // A card order with a payment session: its stream id (payment-cs_sandbox_<32 hex>) has no natural break,
  // so the audit log's phone list must wrap it rather than scroll sideways.
  const card = await api('POST', '/api/orders', {
    items: [{ product_id: product.body.id, product_name: product.body.name, price: 640, quantity: 1 }],
    shipping: {
      first_name: 'Card',
      last_name: 'Client',
      email: `card.${stamp}@example.com`,
      phone: '+1 212 555 0198',
      address: '1 Main St',
      city: 'New York',
      state: 'NY',
      zip_code: '10001',
      country: 'US',
    },
    payment: { card_name: 'Card Client', last_4: '4242' },
    status: 'pending',
    payment_status: 'unpaid',
  });
  expect(card.status).toBeLessThan(300);
  const session = await api('POST', '/api/payments/checkout/session', { origin_url: BASE_URL, order_id: card.body.order_id });
  expect(session.body.session_id).toMatch(/^cs_sandbox_/);
  const reg = await api('POST', '/api/auth/register', { email: `a11y.${stamp}@example.com`, password: 'A11y-Check-1985!' });
  expect(reg.status).toBeLessThan(300);
  // Five wrong passwords from an unknown client: the locked sign-ins list has a row to show.
  for (let n = 0; n < 5; n++) await api('POST', '/api/auth/login', { email: `a11y.${stamp}@example.com`, password: `Wrong-${n}-1985!` });
  // Wait until every list shows what was just made.
  const until = (path: string, ok: (body: any) => boolean) => untilListed(path, ok, token);
  await until(`/api/admin/orders?q=${encodeURIComponent(client)}`, (b) => b.total === 3);
  ids.message = (await until(`/api/admin/messages?q=${encodeURIComponent(`Bulk ${stamp}`)}`, (b) => b.total === 2)).items[0].id;
  ids.customer = (await until(`/api/admin/customers?q=${encodeURIComponent(`a11y.${stamp}`)}`, (b) => b.total === 1)).items[0].id;
  // A customer erased (their page is the "erased" card, which had no h1) beside the live one.
  const erased = `a11y.erased.${stamp}@example.com`;
  expect((await api('POST', '/api/auth/register', { email: erased, password: 'A11y-Erase-1985!' })).status).toBeLessThan(300);
  ids.erased = (await until(`/api/admin/customers?q=${encodeURIComponent(erased)}`, (b) => b.total === 1)).items[0].id;
  expect((await api('DELETE', `/api/admin/customers/${ids.erased}`, undefined, token)).status).toBe(200);
  await until(`/api/admin/custom-designs?q=${encodeURIComponent(stamp)}`, (b) => b.total === 1);
  // Records of this journey's own: another journey running beside it may erase its customer (and their mail)
  // or remove the staff member it added.
  ids.mail = (await until(`/api/admin/mail?q=${encodeURIComponent(`a11y.${stamp}`)}`, (b) => b.total > 0)).items[0].id;
  ids.staff = (await until(`/api/admin/staff?q=${encodeURIComponent(ADMIN_EMAIL)}`, (b) => b.total === 1)).items[0].id;

  if (signedIn.includes('desktop')) await signIn(desktop);
  if (signedIn.includes('phone')) await signIn(phone);
  return { browser, desktop, phone, token, stamp, client, ids, signIn };
}

/** Every page of the console, by name, at the records openConsole made. */
export const consolePages = (ids: Record<string, string>) => [
  ['dashboard', '/admin/dashboard'],
  ['products', '/admin/products'],
  ['product create', '/admin/products/create'],
  ['product edit', `/admin/products/${ids.product}`],
  ['orders', '/admin/orders'],
  ['order show', `/admin/orders/${ids.order0}/show`],
  ['custom designs', '/admin/custom-designs'],
  ['custom design show', `/admin/custom-designs/${ids.design}/show`],
  ['customers', '/admin/customers'],
  ['customer show', `/admin/customers/${ids.customer}/show`],
  ['erased customer', `/admin/customers/${ids.erased}/show`],
  ['unknown customer', '/admin/customers/00000000-0000-4000-8000-000000000000/show'],
  ['messages', '/admin/messages'],
  ['message show', `/admin/messages/${ids.message}/show`],
  ['reviews', '/admin/reviews'],
  ['sent e-mails', '/admin/mail'],
  ['sent e-mail show', `/admin/mail/${ids.mail}/show`],
  ['audit log', '/admin/audit-events'],
  ['staff', '/admin/staff'],
  ['staff create', '/admin/staff/create'],
  ['staff edit', `/admin/staff/${ids.staff}`],
  ['replay', '/admin/replay'],
  ['queues', '/admin/queues'],
  ['parked events', '/admin/parked-events'],
  ['locked sign-ins', '/admin/sign-in-locks'],
  ['log verification', '/admin/verification'],
  ['change my password', '/admin/account/password'],
];
export const LISTS = [
  '/admin/products',
  '/admin/orders',
  '/admin/custom-designs',
  '/admin/customers',
  '/admin/messages',
  '/admin/mail',
  '/admin/audit-events',
  '/admin/staff',
  '/admin/sign-in-locks',
];

/**
 * The walk of every page on one screen size: one h1 and no serious or critical axe finding on each (a list on a
 * phone no wider than the screen), the sign-in page, and pictures of the two busiest lists.
 */
export function describeWalk(size: 'desktop' | 'phone', open: () => Console): void {
  const context = () => (size === 'desktop' ? open().desktop : open().phone);
  describe(`When every page is opened on a ${size}`, () => {
    it('should have one h1 (the page title) and no serious or critical axe finding on any page', async () => {
      const page = await context().newPage();
      const problems: string[] = [];
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [name, path] of consolePages(open().ids)) {
        await page.goto(path);
        await settle(page);
        const headings = await page.locator('h1').allInnerTexts();
        if (headings.length !== 1 || !headings[0].trim()) problems.push(`${name}: ${headings.length} h1 (${JSON.stringify(headings)})`);
        problems.push(...describeFindings(name, await axeFindings(page)));
        if (size === 'phone' && LISTS.includes(path)) {
          // A list on a phone is a SimpleList: nothing wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) problems.push(`${name}: scrolls sideways by ${overflow}px on a phone`);
          if ((await page.locator('table').count()) > 0) problems.push(`${name}: a table on a phone`);
        }
      }
      await page.close();
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('should pass axe on the sign-in page too, with its own h1', async () => {
      const signedOut = await open().browser.newContext({
        baseURL: BASE_URL,
        viewport: size === 'phone' ? PHONE : DESKTOP,
        bypassCSP: true,
        reducedMotion: 'reduce',
      });
      const page = await signedOut.newPage();
      await page.goto('/admin/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.locator('h1').allInnerTexts()).toEqual(['Back office']);
      expect(describeFindings('login', await axeFindings(page))).toEqual([]);
      await signedOut.close();
    });

    it('should look right: the orders and products lists', async () => {
      const page = await context().newPage();
      for (const [name, path] of [
        ['orders', '/admin/orders'],
        ['products', '/admin/products'],
      ]) {
        await page.goto(path);
        await settle(page);
        await screenshot(page, 'admin-console', `${name}-${size}`);
      }
      await page.close();
    });
  });
}
