import { randomUUID } from 'crypto';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { SessionsService } from '../../platform/auth/sessions.service';
import { DatabaseService } from '../../platform/database/database.service';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { guestSubject, legacyGuestSubject } from '../../platform/privacy/personal-fields';
import { startTestApp, TestApp } from '../../testing/test-app';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Orders of signed-in customers, erasure, kept mail and the API description', () => {
  let t: TestApp;
  let product: any;
  const customerId = randomUUID();
  let customerToken: string;
  let otherToken: string;

  const consultation = (email: string, token?: string) =>
    t.request('POST', '/api/orders', {
      token,
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 2, image: product.image }],
        shipping: {
          first_name: 'Katherine',
          last_name: 'Johnson',
          email,
          phone: '+1 555 222 3333',
          address: '7 Orbit Rd',
          city: 'Hampton',
          state: 'NY',
          zip_code: '10001',
        },
        payment: { card_name: '', last_4: '' },
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
      },
    });

  beforeAll(async () => {
    // No SMTP_URL: mail is kept for staff to read.
    t = await startTestApp({ SMTP_URL: '' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=50')).body.products.find((p: any) => p.in_stock);
    const sessions = t.app.get(SessionsService);
    customerToken = (await sessions.create('customer', customerId, 'customer')).token;
    otherToken = (await sessions.create('customer', randomUUID(), 'customer')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it("should record the signed-in customer and list their orders in the spec's shape", async () => {
    expect((await t.request('GET', '/api/orders/mine')).status).toBe(401);
    const placed = await consultation('katherine@example.com', customerToken);
    expect(placed.status).toBe(200);
    const mine = await t.request('GET', '/api/orders/mine', { token: customerToken });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({
      orderId: placed.body.order_id,
      id: placed.body.order_id,
      status: 'consultation_requested',
      status_message: 'Consultation requested: our specialists will contact you within 24-48 hours',
      items: [{ id: product.id, name: product.name, image: product.image, quantity: 2, price: product.price }],
    });
    expect(typeof mine.body[0].date).toBe('string');
    expect(typeof mine.body[0].total).toBe('number');
    expect((await t.request('GET', '/api/orders/mine', { token: otherToken })).body).toEqual([]);

    const asOwner = await t.request('GET', `/api/orders/${placed.body.order_id}`, { token: customerToken });
    expect(asOwner.body.shipping).toMatchObject({ last_name: 'Johnson', email: 'katherine@example.com', phone: '+1 555 222 3333' });
    const asOther = await t.request('GET', `/api/orders/${placed.body.order_id}`, { token: otherToken });
    expect(asOther.body.shipping).toEqual({ first_name: 'Katherine', email: 'k***@example.com' });
    expect((await t.request('GET', `/api/orders/not-a-uuid`)).status).toBe(404);
    expect((await t.request('GET', `/api/orders/${randomUUID()}`)).body).toEqual({ detail: 'Resource not found' });
  });

  it('should keep mail for staff without SMTP, and purge the person from orders and mail on CustomerDeleted', async () => {
    const token = await t.staffToken();
    const guest = await consultation('Guest.Person@Example.com');
    expect(guest.status).toBe(200);
    await waitUntil(async () => (await t.request('GET', '/api/admin/mail?kind=consultation-confirmation', { token })).body.total === 2);
    const kept = (await t.request('GET', '/api/admin/mail?q=katherine', { token })).body.items[0];
    expect(kept).toMatchObject({ to: 'katherine@example.com', delivered: false });
    const full = await t.request('GET', `/api/admin/mail/${kept.id}`, { token });
    expect(full.body.html).toContain('FACET');
    expect(full.body.text).toContain('24-48 hours');
    expect((await t.request('GET', '/api/admin/mail/does-not-exist', { token })).status).toBe(404);
    expect((await t.request('GET', '/api/admin/mail')).status).toBe(401);

    const es = t.app.get(EventSourcing);
    // The accounts part's event: the id and the guest subject of the e-mail, never the e-mail itself.
    const deleted = (id: string, email: string) => ({
      type: 'CustomerDeleted',
      data: { customer_id: id, deleted_by: 'self', guest_subject: guestSubject(email) },
    });
    const db = t.app.get(DatabaseService);
    // The guest's order and mail as a version before the keyed derivation labelled them: with the e-mail's
    // bare-hash subject, which CustomerDeleted no longer names. They are found by their address.
    const legacy = legacyGuestSubject('guest.person@example.com');
    await db.query(`UPDATE rm.orders SET subject_id = $1 WHERE lower(email) = 'guest.person@example.com'`, [legacy]);
    await db.query(`UPDATE rm.sent_mail SET subject_id = $1 WHERE lower(to_address) = 'guest.person@example.com'`, [legacy]);
    expect((await db.one<any>(`SELECT count(*)::int AS n FROM rm.orders WHERE subject_id = $1`, [legacy])).n).toBe(1);
    await es.append(`customer-${customerId}`, [deleted(customerId, 'katherine@example.com')], 'any', { waitForProjections: false });
    const guestId = randomUUID();
    await es.append(`customer-${guestId}`, [deleted(guestId, 'guest.person@example.com')], 'any', { waitForProjections: false });
    await waitUntil(
      async () => (await db.one<any>(`SELECT count(*)::int AS n FROM rm.orders WHERE email IS DISTINCT FROM 'erased'`)).n === 0,
    );
    const rows = await db.query(`SELECT * FROM rm.orders`);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect([r.first_name, r.last_name, r.email, r.phone, r.address, r.customer_id]).toEqual([
        'erased',
        'erased',
        'erased',
        'erased',
        null,
        null,
      ]);
      expect(r.total_cents).toBeGreaterThan(0);
      expect(r.items).toHaveLength(1);
    }
    await waitUntil(
      async () => (await db.one<any>(`SELECT count(*)::int AS n FROM rm.sent_mail WHERE kind = 'consultation-confirmation'`)).n === 0,
    );
    // The staff notices were about those people too (same data subject).
    expect((await db.one<any>(`SELECT count(*)::int AS n FROM rm.sent_mail`)).n).toBe(0);
    const shown = await t.request('GET', `/api/orders/${guest.body.order_id}`, { token });
    expect(shown.body.shipping.first_name).toBe('erased');
    expect(shown.body.total).toBeGreaterThan(0);
  });

  it('should describe every order, payment and mail route in Swagger with schemas', async () => {
    const doc = (await t.request('GET', '/api/docs-json')).body;
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/orders',
      '/api/orders/mine',
      '/api/orders/{id}',
      '/api/admin/orders',
      '/api/admin/orders/{id}',
      '/api/payments/checkout/session',
      '/api/payments/checkout/status/{sessionId}',
      '/api/payments/sandbox/banks',
      '/api/payments/sandbox/checkout/{sessionId}',
      '/api/payments/sandbox/sessions/{sessionId}/pay',
      '/api/admin/mail',
      '/api/admin/mail/{id}',
    ]) {
      expect(paths).toContain(p);
    }
    for (const s of [
      'CreateOrderDto',
      'OrderDto',
      'MyOrderDto',
      'AdminOrderListDto',
      'AdminOrderDto',
      'CheckoutStatusDto',
      'SandboxPayDto',
      'SentMailListDto',
    ]) {
      expect(Object.keys(doc.components.schemas)).toContain(s);
    }
  });
});
