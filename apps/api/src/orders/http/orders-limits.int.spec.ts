import { priceOrderInDollars } from '@facet/contracts';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { Queues } from '../../platform/queue/queues.service';
import { jobIdFor } from '../../platform/queue/reactor';
import { orderAccessCookie } from '../../testing/card-orders';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { ORDER_EXPIRY_QUEUE } from '../reactors/order-expiry';

/** Sane quantities and orders that end: line and order limits, merged duplicates, unpaid card orders expiring. */
const ORIGIN = 'http://shop.test';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Order limits and expiry', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let product: any;
  let db: DatabaseService;

  const shipping = (email: string) => ({
    first_name: 'Lin',
    last_name: 'Bo',
    email,
    phone: '+1 555 123 4567',
    address: '1 Main',
    city: 'Austin',
    state: 'TX',
    zip_code: '73301',
  });
  const card = { card_name: 'Lin Bo', last_4: '4242' };
  const consultation = { status: 'consultation_requested', payment_status: 'pending_consultation' };
  const line = (quantity: number, p = product) => ({ product_id: p.id, product_name: p.name, price: p.price, quantity });
  const place = (items: any[], email: string, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/api/orders', {
      body: { items, shipping: shipping(email), payment: extra.status ? { card_name: '', last_4: '' } : card, ...extra },
    });
  const events = async (type: string, orderId: string) =>
    (await db.one<any>(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = $1 AND data->>'order_id' = $2`, [type, orderId]))
      .n as number;
  const order = async (id: string) => (await t.request('GET', `/api/orders/${id}`)).body;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({
      SMTP_URL: sink.url,
      PUBLIC_ORIGINS: ORIGIN,
      UNPAID_ORDER_TTL_SECONDS: '3',
      ONLINE_ORDER_LIMIT_DOLLARS: '5000',
      PAYMENT_POLL_INTERVAL_MS: '150',
    });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    db = t.app.get(DatabaseService);
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find(
      (p: any) => p.in_stock && p.price > 600 && p.price < 4000,
    );
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should merge duplicate lines of one product into one line', async () => {
    const res = await place([line(1), line(2), { ...line(1), product_id: product.id.toUpperCase() }], 'merge@example.com', {
      ...consultation,
      total: priceOrderInDollars([{ price: product.price, quantity: 4 }]).total,
    });
    expect(res.status).toBe(200);
    const o = await order(res.body.order_id);
    expect(o.items).toHaveLength(1);
    expect(o.items[0].quantity).toBe(4);
  });

  it('should refuse more than 10 of one piece, also when split over several lines, with a clear message', async () => {
    const eleven = await place([line(11)], 'eleven@example.com', consultation);
    expect(eleven.status).toBe(400);
    expect(eleven.body.detail).toMatch(/at most 10 of one piece/);
    const split = await place([line(6), line(5)], 'split@example.com', consultation);
    expect(split.status).toBe(400);
    expect(split.body.detail).toBe(
      `A consultation request can include at most 10 of ${product.name}. For more, request 10 and tell our specialist how many you would like when they contact you.`,
    );
    // The reported 50 lines × 99 from an anonymous visitor.
    const flood = await place(
      Array.from({ length: 50 }, () => line(99)),
      'flood@example.com',
    );
    expect(flood.status).toBe(400);
    for (const q of [0, -1, 1e308, 10.5, '10', null]) {
      const res = await place([line(q as any)], 'hostile@example.com', consultation);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    const nul = await place([{ ...line(1), product_name: 'Ring\u0000' }], 'nul@example.com', consultation);
    expect(nul.status).toBeLessThan(500);
  });

  it('should steer card orders above the online limit to a consultation, and take them as a consultation', async () => {
    const big = [line(10)];
    const totals = priceOrderInDollars([{ price: product.price, quantity: 10 }]);
    const cardRes = await place(big, 'big@example.com', { total: totals.total });
    expect(cardRes.status).toBe(400);
    expect(cardRes.body.detail).toBe(
      'Orders over $5,000 are arranged with our specialists. Please submit a consultation request instead of paying online.',
    );
    const asConsultation = await place(big, 'big@example.com', { ...consultation, total: totals.total });
    expect(asConsultation.status).toBe(200);
  });

  it('should expire an unpaid card order at its pay-by time, end its session at the provider and mail the shopper', async () => {
    const res = await place([line(1)], 'late@example.com');
    expect(res.status).toBe(200);
    const orderId = res.body.order_id;
    const placed = await order(orderId);
    expect(placed).toMatchObject({ status: 'pending', can_pay: true });
    expect(Date.parse(placed.pay_by) - Date.parse(placed.created_at)).toBeGreaterThanOrEqual(2900);
    const owner = { cookie: orderAccessCookie(res) };
    const session = await t.request('POST', '/api/payments/checkout/session', {
      headers: owner,
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(session.status).toBe(200);
    await waitUntil(async () => (await order(orderId)).status === 'expired');
    expect(await order(orderId)).toMatchObject({
      status: 'expired',
      payment_status: 'expired',
      can_pay: false,
      status_message: 'This order expired unpaid; nothing was charged and the pieces held for it were released',
    });
    expect(await events('OrderExpired', orderId)).toBe(1);
    expect((await db.one<any>(`SELECT status FROM public.sandbox_payment_sessions WHERE id = $1`, [session.body.session_id])).status).toBe(
      'expired',
    );
    const late = await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, {
      body: { method: 'card', card_number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'L' },
    });
    expect(late.status).toBe(409);
    const again = await t.request('POST', '/api/payments/checkout/session', {
      headers: owner,
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This order expired unpaid. Please place a new order.');
    const mail = await sink.waitFor((m) => m.to.includes('late@example.com') && /has expired/.test(m.subject), 15_000);
    expect(mail.text).toContain('Nothing was charged');
    // Staff see it in the order's history, with why.
    const history = (await t.request('GET', `/api/admin/audit/streams/order-${orderId}`, { token: await t.staffToken() })).body;
    expect(history.events.find((e: any) => e.type === 'OrderExpired').data).toMatchObject({
      order_id: orderId,
      reason: 'Not paid in time',
    });
  });

  it('should not expire an order paid in time', async () => {
    const res = await place([line(1)], 'ontime@example.com');
    const orderId = res.body.order_id;
    const owner = { cookie: orderAccessCookie(res) };
    const session = await t.request('POST', '/api/payments/checkout/session', {
      headers: owner,
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    const paid = await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, {
      body: { method: 'card', card_number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'L' },
    });
    expect(paid.body.success).toBe(true);
    // Until the order's expiry job has run at its pay-by time (3 s here): then the paid order must still stand.
    const requested = await db.one<{ event_id: string }>(
      `SELECT event_id FROM public.es_events WHERE event_type = 'OrderRequested' AND data->>'order_id' = $1`,
      [orderId],
    );
    const expiry = t.app.get(Queues).queue(ORDER_EXPIRY_QUEUE);
    await waitUntil(async () => Boolean((await expiry.getJob(jobIdFor('order-expiry', requested!.event_id)))?.finishedOn));
    expect(await order(orderId)).toMatchObject({ status: 'processing', payment_status: 'paid' });
    expect(await events('OrderExpired', orderId)).toBe(0);
  });
});
