import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { madeToOrder } from '../../testing/made-to-order';
import { startTestApp, TestApp } from '../../testing/test-app';

export const SHIPPING = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'Ada.Lovelace@Example.com',
  phone: '+1 (555) 010-2000',
  address: '12 Analytical Way',
  apartment: '',
  city: 'New York',
  state: 'NY',
  zip_code: '10001',
  country: 'US',
};

describe('Orders over HTTP', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let products: any[];

  const body = (lines: { p: any; quantity: number }[], extra: Record<string, unknown> = {}) => {
    const totals = priceOrderInDollars(lines.map((l) => ({ price: l.p.price, quantity: l.quantity })));
    return {
      items: lines.map((l) => ({ product_id: l.p.id, product_name: l.p.name, price: l.p.price, quantity: l.quantity, image: l.p.image })),
      shipping: SHIPPING,
      payment: { card_name: '', last_4: '' },
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      status: 'consultation_requested',
      payment_status: 'pending_consultation',
      ...extra,
    };
  };
  const card = { status: 'pending', payment_status: 'unpaid', payment: { card_name: 'Ada Lovelace', last_4: '4242' } };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, STAFF_EMAIL: 'atelier@facet.test' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    // Pieces made to order: any number of orders may take them (stocked ones sell out, see inventory.int.spec.ts).
    products = await madeToOrder(
      t,
      (await t.request('GET', '/api/products?limit=100&sort_by=price-low')).body.products.filter((p: any) => p.in_stock),
    );
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('When placing an order', () => {
    it('should price a consultation request on the server and show it back with masked personal data', async () => {
      const cheap = products[0];
      const res = await t.request('POST', '/api/orders', { body: body([{ p: cheap, quantity: 2 }]) });
      expect(res.status).toBe(200);
      expect(res.body.order_id).toMatch(/^[0-9a-f-]{36}$/);
      const shown = await t.request('GET', `/api/orders/${res.body.order_id}`);
      expect(shown.status).toBe(200);
      const expected = priceOrderInDollars([{ price: cheap.price, quantity: 2 }]);
      expect(shown.body).toMatchObject({
        id: res.body.order_id,
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
        subtotal: expected.subtotal,
        shipping_cost: expected.shipping,
        tax: expected.tax,
        total: expected.total,
        status_message: 'Consultation requested: our specialists will contact you within 24-48 hours',
      });
      expect(shown.body.items).toEqual([expect.objectContaining({ id: cheap.id, name: cheap.name, quantity: 2, price: cheap.price })]);
      expect(shown.body.shipping).toEqual({ first_name: 'Ada', email: 'a***@example.com' });
      expect(shown.body.last_4).toBeUndefined();
      const staff = await t.request('GET', `/api/orders/${res.body.order_id}`, { token: await t.staffToken() });
      expect(staff.body.shipping).toMatchObject({ last_name: 'Lovelace', email: 'ada.lovelace@example.com', city: 'New York' });
    });

    it('should apply free shipping over $500 and $25 below, with 8% tax', async () => {
      const cheap = products.find((p) => p.price < 400 && p.in_stock);
      const dear = products.find((p) => p.price > 600 && p.in_stock);
      for (const [p, shipping] of [
        [cheap, 25],
        [dear, 0],
      ] as const) {
        const res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }]) });
        expect(res.status).toBe(200);
        const o = (await t.request('GET', `/api/orders/${res.body.order_id}`)).body;
        expect(o.shipping_cost).toBe(shipping);
        expect(o.tax).toBeCloseTo(Math.round(p.price * 8) / 100, 2);
        expect(o.total).toBeCloseTo(p.price + shipping + o.tax, 2);
      }
    });

    it('should refuse tampered prices and totals with 409 "Prices have changed"', async () => {
      const p = products[3];
      const lowered = body([{ p: { ...p, price: 1 }, quantity: 1 }]);
      let res = await t.request('POST', '/api/orders', { body: lowered });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/^Prices have changed: /);
      const badTotal = { ...body([{ p, quantity: 1 }]), total: 0.5 };
      res = await t.request('POST', '/api/orders', { body: badTotal });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/^Prices have changed: .*total/);
      // A cent of rounding is tolerated.
      const ok = body([{ p, quantity: 1 }]);
      res = await t.request('POST', '/api/orders', { body: { ...ok, total: Math.round(ok.total * 100 + 1) / 100 } });
      expect(res.status).toBe(200);
    });

    it('should refuse unknown products, bad quantities, too many lines and untrusted statuses', async () => {
      const p = products[1];
      const unknown = body([{ p: { ...p, id: '00000000-0000-4000-8000-000000000000', name: 'Ghost Ring' }, quantity: 1 }]);
      let res = await t.request('POST', '/api/orders', { body: unknown });
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain('Ghost Ring is no longer available');
      for (const quantity of [0, -1, 100, 1.5]) {
        res = await t.request('POST', '/api/orders', { body: body([{ p, quantity }]) });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe('items.0.quantity');
      }
      res = await t.request('POST', '/api/orders', {
        body: { ...body([{ p, quantity: 1 }]), items: Array.from({ length: 51 }, () => body([{ p, quantity: 1 }]).items[0]) },
      });
      expect(res.status).toBe(400);
      res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }], { status: 'processing', payment_status: 'paid' }) });
      expect(res.status).toBe(400);
      res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }], { status: 'pending', payment_status: 'paid' }) });
      expect(res.status).toBe(400);
      res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }], { items: [] }) });
      expect(res.status).toBe(400);
      // Odd numbers are a refusal, never a server error.
      res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }], { total: 1e-7 }) });
      expect(res.status).toBe(409);
      res = await t.request('POST', '/api/orders', {
        body: { ...body([{ p, quantity: 1 }]), items: [{ product_id: p.id, price: 1e-7, quantity: 1 }] },
      });
      expect(res.status).toBe(409);
    });

    it('should refuse a card order without a delivery address, naming each missing field, as the checkout form does', async () => {
      const p = products.find((x) => x.price < 2000);
      const bare = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
      let res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }], { ...card, shipping: bare }) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'shipping.address', message: 'Address is required' },
        { field: 'shipping.city', message: 'City is required' },
        { field: 'shipping.state', message: 'State is required' },
        { field: 'shipping.zip_code', message: 'ZIP code is required' },
      ]);
      expect(res.body.detail).toContain('Address is required');
      // Blank or invisible text is as empty as a missing field; one field missing is named alone.
      res = await t.request('POST', '/api/orders', {
        body: body([{ p, quantity: 1 }], { ...card, shipping: { ...SHIPPING, city: '   ', zip_code: '\u200b' } }),
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: any) => e.field)).toEqual(['shipping.city', 'shipping.zip_code']);
      // Country may be left out: it is US.
      const { country: _country, ...noCountry } = SHIPPING;
      res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }], { ...card, shipping: noCountry }) });
      expect(res.status).toBe(200);
      const token = await t.staffToken();
      const placed = await t.request('GET', `/api/admin/orders/${res.body.order_id}`, { token });
      expect(placed.body.shipping).toMatchObject({
        address: SHIPPING.address,
        city: 'New York',
        state: 'NY',
        zip_code: '10001',
        country: 'US',
      });
      // A consultation request still needs no address (staff call the shopper).
      res = await t.request('POST', '/api/orders', {
        body: body([{ p, quantity: 1 }], { shipping: { ...bare, phone: '+1 212 555 0100' } }),
      });
      expect(res.status).toBe(200);
    });

    it('should refuse an out-of-stock product', async () => {
      const token = await t.staffToken();
      const p = products[5];
      expect((await t.request('PUT', `/api/admin/products/${p.id}`, { token, body: { in_stock: false } })).status).toBe(200);
      const res = await t.request('POST', '/api/orders', { body: body([{ p, quantity: 1 }]) });
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain('out of stock');
      expect((await t.request('PUT', `/api/admin/products/${p.id}`, { token, body: { in_stock: true } })).status).toBe(200);
    });

    it('should return the first order for 20 concurrent submits with one Idempotency-Key, and record one event', async () => {
      const payload = body([{ p: products[2], quantity: 1 }]);
      const headers = { 'idempotency-key': `submit-${Date.now()}` };
      const results = await Promise.all(Array.from({ length: 20 }, () => t.request('POST', '/api/orders', { body: payload, headers })));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const ids = new Set(results.map((r) => r.body.order_id));
      expect(ids.size).toBe(1);
      const again = await t.request('POST', '/api/orders', { body: payload, headers });
      expect(again.body.order_id).toBe([...ids][0]);
      const { rows } = await t.app
        .get(DatabaseService)
        .pool.query(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'OrderRequested'`);
      const before = rows[0].n;
      await t.request('POST', '/api/orders', { body: payload, headers });
      expect(
        (await t.app.get(DatabaseService).pool.query(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'OrderRequested'`))
          .rows[0].n,
      ).toBe(before);
      const orders = await t.app.get(DatabaseService).pool.query(`SELECT count(*)::int AS n FROM rm.orders WHERE id = $1`, [[...ids][0]]);
      expect(orders.rows[0].n).toBe(1);
    });
  });

  describe('When staff follow an order', () => {
    it('should move a consultation request through legal statuses and refuse illegal ones, with its history in the audit stream', async () => {
      const token = await t.staffToken();
      const { order_id } = (await t.request('POST', '/api/orders', { body: body([{ p: products[4], quantity: 1 }]) })).body;
      let res = await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'quoted' } });
      expect(res.status).toBe(409);
      res = await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'contacted', note: 'Called Ada' } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('contacted');
      res = await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'quoted' } });
      expect(res.body.status).toBe('quoted');
      res = await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'shipped' } });
      expect(res.status).toBe(409);
      res = await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'nonsense' } });
      expect(res.status).toBe(400);
      const detail = await t.request('GET', `/api/admin/orders/${order_id}`, { token });
      expect(detail.status).toBe(200);
      expect(detail.body).not.toHaveProperty('timeline'); // one history per record: the stream's, as for every record
      const history = await t.request('GET', `/api/admin/audit/streams/order-${order_id}`, { token });
      expect(history.body.events.map((e: any) => e.type)).toEqual(['OrderRequested', 'OrderStatusChanged', 'OrderStatusChanged']);
      expect(history.body.events[1]).toMatchObject({
        data: { from: 'consultation_requested', to: 'contacted', note: 'Called Ada' },
        actor: { type: 'staff' },
      });
    });

    it('should refuse to move a pending card order to processing by hand, but allow cancelling', async () => {
      const token = await t.staffToken();
      const { order_id } = (await t.request('POST', '/api/orders', { body: body([{ p: products[4], quantity: 1 }], card) })).body;
      expect((await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'processing' } })).status).toBe(409);
      const res = await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'cancelled' } });
      expect(res.status).toBe(200);
      expect(res.body.status_message).toBe('This order was cancelled');
    });

    it('should list orders with filters, search and paging, and keep it staff-only', async () => {
      const token = await t.staffToken();
      expect((await t.request('GET', '/api/admin/orders')).status).toBe(401);
      let res = await t.request('GET', '/api/admin/orders?kind=card&limit=2', { token });
      expect(res.status).toBe(200);
      expect(res.body.items.every((o: any) => o.kind === 'card')).toBe(true);
      expect(res.headers.get('x-total-count')).toBe(String(res.body.total));
      res = await t.request('GET', '/api/admin/orders?q=lovelace&status=consultation_requested&limit=100', { token });
      expect(res.body.total).toBeGreaterThan(0);
      expect(res.body.items.every((o: any) => o.status === 'consultation_requested' && o.shipping.last_name === 'Lovelace')).toBe(true);
      res = await t.request('GET', '/api/admin/orders?limit=101', { token });
      expect(res.status).toBe(400);
      res = await t.request('GET', '/api/admin/orders?sort=total&order=asc&limit=100', { token });
      const totals = res.body.items.map((o: any) => o.total);
      expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    });

    it('should count the list from rm.order_counts as count(*) would, and estimate a search past 1,000 matches (issue 43)', async () => {
      const token = await t.staffToken();
      const db = t.app.get(DatabaseService);
      const { order_id } = (await t.request('POST', '/api/orders', { body: body([{ p: products[2], quantity: 1 }], card) })).body;
      await waitUntil(async () => (await t.request('GET', `/api/admin/orders/${order_id}`, { token })).status === 200);
      await t.request('PUT', `/api/admin/orders/${order_id}`, { token, body: { status: 'cancelled' } });
      await waitUntil(async () => (await t.request('GET', `/api/admin/orders/${order_id}`, { token })).body.status === 'cancelled');
      // The triggers kept the counts exact through inserts and status changes: every group as count(*) has it.
      const counted = (sql: string) => db.query(`${sql} ORDER BY 1, 2, 3`);
      expect(await counted(`SELECT status, kind, payment_status, n::int FROM rm.order_counts`)).toEqual(
        await counted(`SELECT status, kind, payment_status, count(*)::int AS n FROM rm.orders GROUP BY 1, 2, 3`),
      );
      for (const query of ['', 'status=cancelled', 'kind=card&payment_status=unpaid']) {
        const res = await t.request('GET', `/api/admin/orders?${query}&limit=1`, { token });
        const where = query
          ? `WHERE ${query
              .split('&')
              .map((p) => `${p.split('=')[0]} = '${p.split('=')[1]}'`)
              .join(' AND ')}`
          : '';
        expect(res.body.total).toBe(Number((await db.one<{ n: string }>(`SELECT count(*) AS n FROM rm.orders ${where}`))!.n));
        expect(res.body).not.toHaveProperty('total_estimated');
      }

      // A search matching more than 1,000 orders is counted from a sample and says so; rows written straight
      // into the read model (and removed after) stand in for as many orders.
      await db.query(
        `INSERT INTO rm.orders (id, kind, status, payment_status, subject_id, first_name, last_name, email, items,
           subtotal_cents, shipping_cents, tax_cents, total_cents, version, created_at, updated_at)
         SELECT gen_random_uuid(), 'card', 'processing', 'paid', 'email:x', 'Many', 'Zzcounted', 'many' || i || '@example.com', '[]',
           100, 0, 0, 100, 0, now(), now() FROM generate_series(1, 1100) i`,
      );
      try {
        await db.query('ANALYZE rm.orders');
        const many = await t.request('GET', '/api/admin/orders?q=zzcounted&limit=5', { token });
        expect(many.body.items).toHaveLength(5);
        expect(many.body.total_estimated).toBe(true);
        expect(many.headers.get('x-total-estimated')).toBe('true');
        expect(many.body.total).toBeGreaterThan(1000);
        // many10, many100-109 and many1000-1099: under the cap, counted exactly.
        const few = await t.request('GET', '/api/admin/orders?q=many10&limit=5', { token });
        expect(few.body.total).toBe(1 + 10 + 100);
        expect(few.body).not.toHaveProperty('total_estimated');
      } finally {
        await db.query(`DELETE FROM rm.orders WHERE last_name = 'Zzcounted'`);
      }
      const all = await t.request('GET', '/api/admin/orders?limit=1', { token });
      expect(all.body.total).toBe(Number((await db.one<{ n: string }>(`SELECT count(*) AS n FROM rm.orders`))!.n));
    });
  });

  describe('When the shopper asked for a consultation', () => {
    it('should mail the shopper a confirmation and staff a notice, once each, with escaped values', async () => {
      const evil = { ...SHIPPING, first_name: '<script>alert(1)</script>', email: 'mallory@example.com' };
      const payload = { ...body([{ p: products[6], quantity: 1 }]), shipping: evil };
      const placed = await t.request('POST', '/api/orders', { body: payload });
      expect(placed.status).toBe(200);
      const { order_id } = placed.body;
      const confirmation = await sink.waitFor((m) => m.to.includes('mallory@example.com'), 15_000);
      expect(confirmation.subject).toContain('consultation');
      expect(confirmation.text).toContain('24-48 hours');
      expect(confirmation.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(confirmation.html).not.toContain('<script>');
      expect(confirmation.html).toContain(products[6].name.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
      const notice = await sink.waitFor((m) => m.to.includes('atelier@facet.test') && m.text.includes(order_id), 15_000);
      expect(notice.text).toContain('mallory@example.com');
      // Recorded as MailSent, readable by staff.
      const token = await t.staffToken();
      await waitUntil(async () => (await t.request('GET', '/api/admin/mail?q=mallory', { token })).body.total === 1);
      const list = await t.request('GET', '/api/admin/mail?q=mallory', { token });
      const mail = await t.request('GET', `/api/admin/mail/${list.body.items[0].id}`, { token });
      expect(mail.body).toMatchObject({ kind: 'consultation-confirmation', to: 'mallory@example.com', delivered: true });
      expect(sink.messages.filter((m) => m.to.includes('mallory@example.com'))).toHaveLength(1);
    });
  });
});

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
