/**
 * The staff console as a staff member with a keyboard, a screen reader or a phone meets it: every page on a
 * desktop and a phone checked by axe (no serious or critical violation, WCAG AA contrast included), one h1
 * per page, no sideways scrolling lists on a phone; then a bulk status change (one that works, one the
 * workflow refuses and that says so per record), bulk "handled" and bulk delete, and a CSV export.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE_URL, launch, staffToken, untilListed } from './support';

jest.setTimeout(300_000);

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Waits for the page to settle: its title filled in, no spinner, the network quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('h1')?.textContent ?? '').trim().length > 0, undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(250);
}

/** axe-core's own source in the page, then a run of every rule; the serious and critical findings. */
async function axeFindings(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeFindings = (page: string, found: AxeViolation[]) =>
  found.map(
    (v) =>
      `${page}: [${v.impact}] ${v.id} (${v.help}) on ${v.nodes.length} element(s), e.g. ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );

describe('Staff console: accessibility, phones, bulk actions and export', () => {
  let browser: Browser;
  let desktop: BrowserContext;
  let phone: BrowserContext;
  let token: string;
  const stamp = Date.now().toString(36);
  const client = `bulk.${stamp}@example.com`;
  const ids: Record<string, string> = {};

  async function signIn(context: BrowserContext): Promise<void> {
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard', { timeout: 60_000 });
    await page.close();
  }

  beforeAll(async () => {
    browser = await launch();
    // The shop's CSP (script-src 'self') would refuse the injected axe script; the check needs it in the page.
    const options = { baseURL: BASE_URL, reducedMotion: 'reduce' as const, bypassCSP: true, acceptDownloads: true };
    desktop = await browser.newContext({ ...options, viewport: DESKTOP });
    phone = await browser.newContext({ ...options, viewport: PHONE, isMobile: true, hasTouch: true });
    for (const c of [desktop, phone]) c.setDefaultTimeout(20_000);
    token = await staffToken();

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

    await signIn(desktop);
    await signIn(phone);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const pages = () => [
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
  const LISTS = [
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

  describe.each([
    ['desktop', () => desktop],
    ['phone', () => phone],
  ] as const)('When every page is opened on a %s', (size, context) => {
    it('should have one h1 (the page title) and no serious or critical axe finding on any page', async () => {
      const page = await context().newPage();
      const problems: string[] = [];
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [name, path] of pages()) {
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
      const signedOut = await browser.newContext({
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

  describe('When staff define variants and adjust stock (issue 40)', () => {
    let page: Page;
    let productId: string;
    const name = `A11y Ring ${stamp}`;
    const notice = (text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text).first();

    beforeAll(async () => {
      const made = await api('POST', '/api/admin/products', { name, description: 'x', price: 980, category: 'women-rings' }, token);
      expect(made.status).toBe(201);
      productId = made.body.id;
      page = await desktop.newPage();
    });
    afterAll(async () => {
      await page.close();
      await api('DELETE', `/api/admin/products/${productId}`, undefined, token);
    });

    it('should edit the variants, adjust stock with a reason and show the ledger row, with no serious axe finding', async () => {
      const problems: string[] = [];
      await page.goto(`/admin/products/${productId}`);
      await settle(page);
      await page.getByRole('button', { name: 'Add option' }).click();
      await page.getByLabel('Option 1 name').fill('size');
      await page.getByLabel('Option 1 values').fill('6, 6.5');
      await page.getByRole('button', { name: 'Generate variants from options' }).click();
      const six = page.getByRole('group', { name: 'Size 6', exact: true });
      await six.getByRole('combobox', { name: 'Stock' }).click();
      await page.getByRole('option', { name: 'Stocked' }).click();
      await six.getByLabel('Units in stock').fill('-1');
      await six.getByText('Out of range').waitFor();
      await six.getByLabel('Units in stock').fill('2');
      await page.getByRole('group', { name: 'Size 6.5', exact: true }).getByRole('radio', { name: 'Default' }).check();
      problems.push(...describeFindings('variants form', await axeFindings(page)));
      await page.getByRole('button', { name: 'Save' }).click();
      await notice('Product updated successfully').waitFor();

      const saved = (await api('GET', `/api/products/${productId}`)).body;
      expect(saved.options).toEqual([{ name: 'size', values: ['6', '6.5'] }]);
      const variant = saved.variants.find((v: any) => v.options.size === '6');
      expect(variant).toMatchObject({ available: 2, is_default: false });
      expect(saved.variants.find((v: any) => v.options.size === '6.5')).toMatchObject({ available: null, is_default: true });

      await page.goto(`/admin/products/${productId}`);
      await settle(page);
      const stock = page.getByTestId(`stock-${variant.sku}`);
      await stock.getByTestId('stock-on_hand').getByText('2', { exact: true }).waitFor();
      await stock.getByRole('button', { name: 'Adjust stock of Size 6' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adjust stock of Size 6' });
      await dialog.getByLabel(/Units to add/).fill('3');
      await dialog.getByRole('button', { name: 'Adjust' }).click();
      await dialog.getByText('A reason is required').waitFor();
      problems.push(...describeFindings('adjust stock dialog', await axeFindings(page)));
      await dialog.getByLabel(/Reason/).fill('Received from the workshop');
      await dialog.getByRole('button', { name: 'Adjust' }).click();
      await notice('Stock of Size 6 adjusted').waitFor();
      await stock.getByTestId('stock-on_hand').getByText('5', { exact: true }).waitFor();
      await stock.getByTestId('stock-available').getByText('5', { exact: true }).waitFor();

      await stock.getByRole('button', { name: 'Ledger & reservations of Size 6' }).click();
      const ledger = page.getByRole('region', { name: 'Stock ledger of Size 6' });
      const adjusted = ledger.getByTestId('ledger-row').filter({ hasText: 'Received from the workshop' });
      await adjusted.waitFor();
      expect(await adjusted.innerText()).toMatch(/Adjusted\s+\+3/);
      await ledger.getByTestId('ledger-row').filter({ hasText: 'initial stock' }).waitFor();
      await page.getByRole('region', { name: 'Open reservations of Size 6' }).getByText('No open reservations.').waitFor();
      problems.push(...describeFindings('stock ledger', await axeFindings(page)));
      await screenshot(page, 'admin-console', 'product-variants-desktop');

      // The same page on a phone: no sideways scrolling, no serious finding.
      const onPhone = await phone.newPage();
      await onPhone.goto(`/admin/products/${productId}`);
      await settle(onPhone);
      const closed = await onPhone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (closed > 0) problems.push(`product variants, ledger closed: scrolls sideways by ${closed}px on a phone`);
      await onPhone.getByRole('button', { name: 'Ledger & reservations of Size 6' }).click();
      await onPhone.getByRole('region', { name: 'Stock ledger of Size 6' }).waitFor();
      const overflow = await onPhone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) problems.push(`product variants: scrolls sideways by ${overflow}px on a phone`);
      if (overflow > 0)
        problems.push(
          ...(await onPhone.evaluate(() => {
            const w = document.documentElement.clientWidth;
            return [...document.querySelectorAll('body *')]
              .filter((el) => el.getBoundingClientRect().right > w + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= w + 1)
              .slice(0, 8)
              .map(
                (el) =>
                  `${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(el.getBoundingClientRect().right)} ${(el.textContent ?? '').slice(0, 30)}`,
              );
          })),
        );
      problems.push(...describeFindings('product variants on a phone', await axeFindings(onPhone)));
      await screenshot(onPhone, 'admin-console', 'product-variants-phone');
      await onPhone.close();
      expect(problems).toEqual([]);

      // Full-page pictures at a laptop's and a phone's size, to look at.
      for (const [label, viewport] of [
        ['1366', { width: 1366, height: 900 }],
        ['390', { width: 390, height: 844 }],
      ] as const) {
        const sized = await browser.newContext({ baseURL: BASE_URL, viewport, reducedMotion: 'reduce', isMobile: label === '390' });
        await signIn(sized);
        const shot = await sized.newPage();
        await shot.goto(`/admin/products/${productId}`);
        await settle(shot);
        await shot.getByRole('button', { name: 'Ledger & reservations of Size 6' }).click();
        await shot.getByRole('region', { name: 'Stock ledger of Size 6' }).waitFor();
        mkdirSync(join(__dirname, '..', 'screenshots', 'admin-console'), { recursive: true });
        await shot.screenshot({
          path: join(__dirname, '..', 'screenshots', 'admin-console', `product-variants-${label}.png`),
          fullPage: true,
        });
        await sized.close();
      }

      // Staff's adjustment is in the variant's ledger as the API keeps it, with who and why.
      const rows = (await api('GET', `/api/admin/inventory/variants/${variant.id}/ledger`, undefined, token)).body.items;
      expect(rows[0]).toMatchObject({ kind: 'adjusted', quantity: 3, reason: 'Received from the workshop' });
    });
  });

  describe('When staff act on many records at once', () => {
    let page: Page;
    const notice = (text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text).first();
    const selectAll = () => page.getByRole('checkbox', { name: /select all/i }).check();

    beforeAll(async () => {
      page = await desktop.newPage();
    });
    afterAll(async () => {
      await page.close();
    });

    it("should keep the dashboard's links inside the console", async () => {
      await page.goto('/admin/dashboard');
      await page.getByText('Total products').click();
      await page.waitForURL('**/admin/products');
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    });

    it('should move the selected orders to a status through the status command of each', async () => {
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: client }))}`);
      await page.getByText('Bulk Client 0').waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.getByRole('menuitem', { name: 'Mark as Contacted' }).click();
      await notice('3 records moved to Contacted').waitFor();
      const after = await api('GET', `/api/admin/orders?q=${encodeURIComponent(client)}`, undefined, token);
      expect(after.body.items.map((o: any) => o.status)).toEqual(['contacted', 'contacted', 'contacted']);
      const history = await api('GET', `/api/admin/audit/streams/order-${ids.order1}`, undefined, token);
      expect(history.body.events.map((e: any) => e.type)).toContain('OrderStatusChanged');
    });

    it('should say which orders the workflow refused and keep them selected', async () => {
      // One of the three moves on first, so that only two are refused when all three are asked to be quoted twice.
      expect((await api('PUT', `/api/admin/orders/${ids.order2}`, { status: 'quoted' }, token)).status).toBeLessThan(300);
      await page.reload();
      await page.getByText('Bulk Client 0').waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Change status' }).click();
      await page.getByRole('menuitem', { name: 'Mark as Converted' }).click();
      await notice(/Not every record could be changed: 2 of 3 failed \(.+\)\. 1 done\./).waitFor();
      await page.getByText('2 items selected').waitFor();
      const after = await api('GET', `/api/admin/orders?q=${encodeURIComponent(client)}`, undefined, token);
      expect(after.body.items.map((o: any) => o.status).sort()).toEqual(['contacted', 'contacted', 'converted']);
    });

    it('should export the filtered orders as one CSV row each, the items in one cell', async () => {
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: client }))}`);
      await page.getByText('Bulk Client 0').waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      const file = await (await download).path();
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^reference,id,created_at,kind,status,payment_status,client,email,phone,address,item_count,items,/);
      expect(lines.filter((l) => l.includes(client))).toHaveLength(3);
      expect(lines.slice(1).some((l) => l.includes(`3 × A11y Pendant ${stamp} @ 640.00`))).toBe(true);
      const dir = join(__dirname, '..', 'screenshots', 'admin-console');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'orders-export.csv'), readFileSync(file));
    });

    it("should narrow the orders to a date range picked in the browser's own days", async () => {
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: client }))}`);
      await page.getByText('Bulk Client 0').waitFor();
      const [today, tomorrow] = await page.evaluate(() =>
        [new Date(), new Date(Date.now() + 86_400_000)].map((d) => d.toLocaleDateString('sv')),
      );
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Received from' }).click();
      await page.getByLabel('Received from').fill(tomorrow);
      await page.getByText('Bulk Client 0').waitFor({ state: 'detached' });
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}').from).toBeDefined();
      await page.getByLabel('Received from').fill(today);
      await page.getByText('Bulk Client 0').waitFor();
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Received until' }).click();
      await page.getByLabel('Received until').fill(today);
      await page.waitForURL((u) => JSON.parse(u.searchParams.get('filter') ?? '{}').to !== undefined);
      await page.getByText('1-3 of 3').waitFor();
      const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
      // The browser's day, sent as instants: its first and its last millisecond.
      expect(new Date(filter.from).toLocaleDateString('sv')).toBe(today);
      expect(new Date(filter.to).getTime() - new Date(filter.from).getTime()).toBe(86_400_000 - 1);
    });

    it('should mark the selected messages handled', async () => {
      await page.goto(`/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: `Bulk ${stamp}` }))}`);
      await page.getByText(`Bulk ${stamp} 0`).waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Mark handled' }).click();
      await notice('2 messages marked as handled').waitFor();
      const after = await api('GET', `/api/admin/messages?q=${encodeURIComponent(`Bulk ${stamp}`)}`, undefined, token);
      expect(after.body.items.map((m: any) => m.handled)).toEqual([true, true]);
    });

    it('should delete the selected products only after a confirmation', async () => {
      const extra = await api(
        'POST',
        '/api/admin/products',
        { name: `A11y Pendant ${stamp} two`, description: 'x', price: 10, category: 'women-necklaces' },
        token,
      );
      expect(extra.status).toBe(201);
      await page.goto(`/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: `A11y Pendant ${stamp}` }))}`);
      await page.getByText(`A11y Pendant ${stamp} two`).waitFor();
      await selectAll();
      await page.getByRole('button', { name: 'Delete' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Delete 2 products?').waitFor();
      await dialog.getByText(/cannot be undone/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect((await api('GET', `/api/products/${extra.body.id}`)).status).toBe(200);
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await notice('2 products deleted').waitFor();
      expect((await api('GET', `/api/products/${extra.body.id}`)).status).toBe(404);
      expect((await api('GET', `/api/products/${ids.product}`)).status).toBe(404);
    });
  });
});
