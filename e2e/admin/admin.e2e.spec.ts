import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, api, BASE_URL, launch, PNG, shot, staffToken, untilListed } from './support';

jest.setTimeout(120_000);

describe('Staff console', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const errors: string[] = [];
  const stamp = Date.now().toString(36);

  const notice = (text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text).first();

  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    token = await staffToken();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('When signed out', () => {
    it('should send every console route to /admin/login, and refuse wrong credentials with the spec message', async () => {
      await page.goto('/admin/dashboard');
      // The first visit of a fresh shop warms it up: allow it more time.
      await page.waitForURL('**/admin/login', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Username is required').isVisible()).resolves.toBe(true);
      await expect(page.getByText('Password is required').isVisible()).resolves.toBe(true);
      await shot(page, '01-login');
      await page.getByLabel('Username').fill(ADMIN_EMAIL);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await notice('Access Denied: Invalid administrator credentials').waitFor();
      expect(page.url()).toContain('/admin/login');
    });
  });

  describe('When signed in', () => {
    it('should land on the dashboard with the stats', async () => {
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.getByText('Total products').waitFor();
      await page.getByText('Requests per day').waitFor();
      await shot(page, '02-dashboard');
    });

    it('should add a product with an image, find it on the storefront, edit it, refuse a stale edit, and delete it', async () => {
      const name = `E2E Solitaire ${stamp}`;
      await page.goto('/admin/products/create');
      await page.getByLabel('Name').first().fill(name);
      await page.getByLabel('Description').fill('A test solitaire from the console journey');
      await page.getByLabel(/^Price \(USD\)/).fill('1234.56');
      await page.getByRole('combobox', { name: /category/i }).click();
      await page
        .getByRole('option', { name: /Women.*Rings|Rings/i })
        .first()
        .click();
      // Not an image: the spec's message.
      await page
        .getByTestId('product-image-file')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await notice('Invalid file type: Please select a valid image file (JPG, PNG, GIF, etc.)').waitFor();
      await page.getByTestId('product-image-file').setInputFiles({ name: 'ring.png', mimeType: 'image/png', buffer: PNG });
      // Every picture needs alt text (the storefront reads it).
      await page.getByLabel('Alt text of image 1').fill('Solitaire ring, front view');
      await page.locator('img[alt="Solitaire ring, front view"]').waitFor();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByLabel('Feature').last().fill('Platinum setting');
      await shot(page, '03-product-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await notice('Product added successfully').waitFor();

      const found = await api('GET', `/api/products?search=${encodeURIComponent(name)}`);
      expect(found.body.total).toBe(1);
      const product = found.body.products[0];
      expect(product.price).toBe(1234.56);
      expect(product.features).toEqual(['Platinum setting']);
      expect(product.image).toMatch(/^\/|^https?:/);
      expect((await api('GET', `/api/products/${product.id}`)).body.gallery).toEqual([
        { src: product.image, alt: 'Solitaire ring, front view', variant_ids: [] },
      ]);
      const img = await fetch(BASE_URL + product.image);
      expect(img.headers.get('content-type')).toContain('image/png');

      // The list: search, thumbnails, inline edit of one row.
      await page.goto('/admin/products');
      await page.getByPlaceholder('Search products').fill(name);
      await page.getByText(name).waitFor();
      await shot(page, '04-products');
      await page.locator('.RaDatagrid-expandIcon').first().click();
      const row = page.getByTestId('quick-edit');
      await row.getByLabel(/^Price \(USD\)/).fill('1300');
      await row.getByRole('button', { name: 'Save row' }).click();
      await notice('Product updated successfully').waitFor();
      expect((await api('GET', `/api/products/${product.id}`)).body.price).toBe(1300);

      // The edit page, with its History tab; then someone else saves first.
      await page.goto(`/admin/products/${product.id}`);
      await page.getByTestId('record-history').getByText('ProductEdited').first().waitFor();
      const fresh = (await api('GET', `/api/products/${product.id}`)).body;
      const other = await api(
        'PUT',
        `/api/admin/products/${product.id}`,
        { description: 'Changed elsewhere', version: fresh.version },
        token,
      );
      expect(other.status).toBe(200);
      await page.getByLabel(/^Price \(USD\)/).fill('1400');
      await page.getByRole('button', { name: 'Save' }).click();
      await notice(/changed by someone else/i).waitFor();
      await shot(page, '05-product-edit-conflict');
      expect((await api('GET', `/api/products/${product.id}`)).body.price).toBe(1300);
      await page.reload();
      await page.getByLabel(/^Price \(USD\)/).fill('1400');
      await page.getByRole('button', { name: 'Save' }).click();
      await notice('Product updated successfully').waitFor();
      expect((await api('GET', `/api/products/${product.id}`)).body.price).toBe(1400);

      // Delete behind a confirmation that says it cannot be undone.
      await page.getByPlaceholder('Search products').fill(name);
      await page.getByText(name).waitFor();
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page
        .getByRole('dialog')
        .getByText(/cannot be undone/)
        .waitFor();
      await shot(page, '06-product-delete-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await notice('Product deleted successfully').waitFor();
      expect((await api('GET', `/api/products?search=${encodeURIComponent(name)}`)).body.total).toBe(0);
    });

    it('should move a consultation request through its statuses and show each step in the History tab', async () => {
      const p = await api(
        'POST',
        '/api/admin/products',
        { name: `E2E Pendant ${stamp}`, description: 'x', price: 800, category: 'women-necklaces' },
        token,
      );
      expect(p.status).toBe(201);
      const order = await api('POST', '/api/orders', {
        items: [{ product_id: p.body.id, product_name: p.body.name, price: 800, quantity: 1, image: p.body.image }],
        shipping: {
          first_name: 'Grace',
          last_name: 'Hopper',
          email: `grace.${stamp}@example.com`,
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
      const id = order.body.order_id;
      await page.goto('/admin/orders');
      await page.getByRole('tab', { name: 'Consultation requested' }).click();
      await page.getByText('Grace Hopper').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await shot(page, '07-orders');
      await page.goto(`/admin/orders/${id}/show`);
      await page.getByText('Grace Hopper').first().waitFor();
      await page.getByTestId('status-note').fill('Called the client, prefers platinum');
      await page.getByRole('button', { name: 'Mark as Contacted' }).click();
      await notice('Status updated to Contacted').waitFor();
      await page.getByRole('button', { name: 'Mark as Quoted' }).click();
      await notice('Status updated to Quoted').waitFor();
      expect(await page.getByRole('button', { name: 'Mark as Contacted' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Mark as Converted' }).waitFor();
      await shot(page, '08-order-show');
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByTestId('record-history');
      await history.waitFor();
      await expect(history.locator('tbody tr').count()).resolves.toBeGreaterThanOrEqual(3);
      await history
        .getByText(/Called the client/)
        .first()
        .waitFor();
      await shot(page, '09-order-history');
    });

    it('should warn that cancelling a paid card order refunds the card, naming the amount, and say the refund was requested', async () => {
      const p = await api(
        'POST',
        '/api/admin/products',
        { name: `E2E Bangle ${stamp}`, description: 'x', price: 640, category: 'women-bracelets' },
        token,
      );
      expect(p.status).toBe(201);
      const cardOrder = async (first: string) => {
        const placed = await api('POST', '/api/orders', {
          items: [{ product_id: p.body.id, product_name: p.body.name, price: 640, quantity: 1 }],
          shipping: {
            first_name: first,
            last_name: 'Byron',
            email: `${first.toLowerCase()}.${stamp}@example.com`,
            phone: '+1 212 555 0197',
            address: '1 Main St',
            city: 'New York',
            state: 'NY',
            zip_code: '10001',
            country: 'US',
          },
          payment: { card_name: `${first} Byron`, last_4: '4242' },
          status: 'pending',
          payment_status: 'unpaid',
        });
        expect(placed.status).toBeLessThan(300);
        return placed.body.order_id as string;
      };
      const adminOrder = async (id: string) => (await api('GET', `/api/admin/orders/${id}`, undefined, token)).body;
      const until = async (id: string, ok: (o: any) => boolean) => {
        for (let i = 0; i < 150 && !ok(await adminOrder(id)); i++) await new Promise((r) => setTimeout(r, 200));
        expect(ok(await adminOrder(id))).toBe(true);
      };
      const cancelButton = () => page.getByRole('button', { name: 'Mark as Cancelled' });

      // Paid through the sandbox provider: the order is processing, its payment paid.
      const paidId = await cardOrder('Ada');
      const session = await api('POST', '/api/payments/checkout/session', { origin_url: BASE_URL, order_id: paidId });
      expect(session.body.session_id).toMatch(/^cs_sandbox_/);
      const paid = await api('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, {
        method: 'card',
        card_number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvv: '123',
        name: 'Ada Byron',
      });
      expect(paid.status).toBe(200);
      await until(paidId, (o) => o.status === 'processing' && o.payment_status === 'paid');
      const order = await adminOrder(paidId);
      const amount = Number(order.total).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

      await page.goto(`/admin/orders/${paidId}/show`);
      await page.getByText('Ada Byron').first().waitFor();
      await cancelButton().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Cancel order ${order.reference} and refund ${amount}?`).waitFor();
      await dialog.getByText(`refunds ${amount} to the shopper at once`).waitFor();
      await dialog.getByText(/ending 4242/).waitFor();
      await shot(page, '08b-order-cancel-refund-confirm');
      // Kept: nothing happens.
      await dialog.getByRole('button', { name: 'Keep the order' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await adminOrder(paidId)).toMatchObject({ status: 'processing', payment_status: 'paid' });

      await cancelButton().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel and refund' }).click();
      await notice(`Order cancelled. A refund of ${amount} to the card was requested; the shopper is e-mailed once it is made.`).waitFor();
      expect(await adminOrder(paidId)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
      // The page says so: requested at first, then made by the provider (either may be on screen by now).
      await page
        .getByText(new RegExp(`Refund of \\${amount} to the card requested|Refunded to the card: \\${amount}`))
        .first()
        .waitFor();
      await until(paidId, (o) => o.refunded === order.total);
      await page.reload();
      await page.getByText(`Refunded to the card: ${amount} (the order was cancelled)`).waitFor();
      await shot(page, '08c-order-cancelled-refunded');

      // An unpaid card order: a plain confirmation, saying nothing was charged.
      const unpaidId = await cardOrder('Lord');
      await until(unpaidId, (o) => o.status === 'pending');
      await page.goto(`/admin/orders/${unpaidId}/show`);
      await page.getByText('Lord Byron').first().waitFor();
      await cancelButton().click();
      await page
        .getByRole('dialog')
        .getByText(/^Nothing has been charged for this order/)
        .waitFor();
      expect(
        await page
          .getByRole('dialog')
          .getByText(/refunds/)
          .count(),
      ).toBe(0);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
      await notice('Status updated to Cancelled').waitFor();
      expect(await adminOrder(unpaidId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', refunded: 0 });
    });

    it('should move a custom design through its statuses with its image and history', async () => {
      const design = await api('POST', '/api/custom-design', {
        category: 'women',
        jewelry_type: 'women-rings',
        diamond_shape: 'oval',
        diamond_size: '1-1.5',
        metal_type: 'platinum',
        metal_karat: 'Pure Platinum',
        design_image: `data:image/png;base64,${PNG.toString('base64')}`,
        design_notes: 'Vintage halo, thin band',
        contact_name: 'Ada Lovelace',
        contact_email: `ada.${stamp}@example.com`,
        contact_phone: '+1 212 555 0100',
        preferred_contact: 'email',
      });
      expect(design.status).toBeLessThan(300);
      const id = design.body.id ?? design.body.request_id ?? design.body.design?.id;
      await page.goto('/admin/custom-designs');
      await page.getByText('Ada Lovelace').first().waitFor();
      await shot(page, '10-custom-designs');
      await page.goto(`/admin/custom-designs/${id}/show`);
      await page.getByText('Vintage halo, thin band').waitFor();
      await page.getByTestId('design-image').waitFor();
      for (const [button, label] of [
        ['Mark as Contacted', 'Contacted'],
        ['Mark as In progress', 'In progress'],
        ['Mark as Completed', 'Completed'],
      ]) {
        await page.getByTestId('status-note').fill(`Step: ${label}`);
        await page.getByRole('button', { name: button }).click();
        await notice(`Status updated to ${label}`).waitFor();
      }
      await page.getByText(/No further status changes/).waitFor();
      await shot(page, '11-custom-design-show');
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByTestId('record-history');
      await history.waitFor();
      await expect(history.locator('tbody tr').count()).resolves.toBeGreaterThanOrEqual(4);
      await history
        .getByText(/Step: Completed/)
        .first()
        .waitFor();
      await shot(page, '12-custom-design-history');
    });

    it('should delete a customer behind a confirmation', async () => {
      const email = `erase.${stamp}@example.com`;
      const reg = await api('POST', '/api/auth/register', { email, password: 'Erase-Me-1985!' });
      expect(reg.status).toBeLessThan(300);
      await page.goto('/admin/customers');
      await page.getByRole('tab', { name: 'Pending Verification' }).click();
      await page.getByPlaceholder('Name or e-mail').fill(email);
      await page.getByText(email).waitFor();
      await shot(page, '13-customers');
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page
        .getByRole('dialog')
        .getByText(/cannot be undone/)
        .waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await notice('Customer deleted successfully').waitFor();
      const left = await api('GET', `/api/admin/customers?q=${encodeURIComponent(email)}`, undefined, token);
      expect(left.body.total).toBe(0);
    });

    it('should show messages, sent e-mails, the audit log, queues and a replay with its result', async () => {
      const subject = `Ring resizing ${stamp}`;
      const sent = await api('POST', '/api/contact', {
        name: 'Mary Jackson',
        email: `mary.${stamp}@example.com`,
        phone: '',
        subject,
        message: 'Could you resize my ring to a 6?',
      });
      expect(sent.status).toBeLessThan(300);
      await page.goto('/admin/messages');
      await page.getByText(subject).first().click();
      await page.getByText('Could you resize my ring to a 6?').waitFor();
      await page.getByRole('button', { name: 'Mark as handled' }).click();
      await notice('Message marked as handled').waitFor();
      await shot(page, '14-message-show');
      // Grace's own confirmation: journeys running beside this one send mail too, and may push it off the first page.
      const grace = `grace.${stamp}@example.com`;
      await untilListed(`/api/admin/mail?q=${encodeURIComponent(grace)}`, (b) => b.total > 0, token);
      await page.goto(`/admin/mail?filter=${encodeURIComponent(JSON.stringify({ q: grace }))}`);
      await page
        .getByText(/consultation request/i)
        .first()
        .click();
      await page.locator('iframe[title="E-mail"]').waitFor();
      await shot(page, '14-sent-mail-show');
      // By type: journeys running beside this one append events of their own, which would fill the first page.
      await page.goto(`/admin/audit-events?filter=${encodeURIComponent(JSON.stringify({ type: 'CustomDesignStatusChanged' }))}`);
      await page.getByText('CustomDesignStatusChanged').first().waitFor();
      await shot(page, '15-audit-log');
      await page.goto('/admin/queues');
      await page.getByTestId('queue-mail').waitFor();
      await shot(page, '16-queues');
      await page.goto('/admin/replay');
      await page.getByRole('button', { name: 'Start replay' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(/Replayed [\d,]+ events in/).waitFor({ timeout: 60_000 });
      await shot(page, '17-replay');
    });

    it('should switch to the dark theme', async () => {
      await page.goto('/admin/dashboard');
      await page.getByText('Total products').waitFor();
      await page.getByRole('button', { name: /toggle.*(theme|mode)/i }).click();
      // The theme's colours apply on the next render: wait for the body to leave the light one.
      await page
        .waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgb(250, 247, 240)', undefined, { timeout: 5_000 })
        .catch(() => undefined);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).not.toBe('rgb(250, 247, 240)');
      await shot(page, '18-dashboard-dark');
      await page.getByRole('button', { name: /toggle.*(theme|mode)/i }).click();
    });

    it('should fit a tablet screen', async () => {
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.goto('/admin/dashboard');
      await page.getByText('Total products').waitFor();
      await shot(page, '19-dashboard-tablet');
      await page.goto('/admin/custom-designs');
      await page.getByText('Ada Lovelace').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, '20-custom-designs-tablet');
      await page.setViewportSize({ width: 1280, height: 860 });
    });

    it('should log out, end the server session, and send console routes back to /admin/login', async () => {
      await page
        .getByRole('button', { name: /profile|user|Admin/i })
        .last()
        .click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      await page.waitForURL('**/admin/login');
      await notice('Logged out successfully').waitFor();
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === 'facet_session');
      if (session) {
        const me = await fetch(`${BASE_URL}/api/staff/me`, { headers: { cookie: `facet_session=${session.value}` } });
        expect(me.status).toBe(401);
      }
      await page.goto('/admin/products');
      await page.waitForURL('**/admin/login');
      expect(errors).toEqual([]);
    });
  });
});
