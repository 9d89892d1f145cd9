import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { asPlacingBrowser, GOOD_CARD, placeCardOrder as placeOrder, waitUntil } from '../../testing/card-orders';
import { startTestApp, TestApp } from '../../testing/test-app';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { paymentSession, paymentStream } from '../domain/payment-session';
import { CommandBus } from '@nestjs/cqrs';
import { SettleSessionCommand } from '../commands/settle-session.command';
import { SandboxPaymentProvider } from '../provider/sandbox-provider';

/**
 * Money a shopper can trust: one open checkout session per order, a second payment refused by the
 * provider, and money that still lands on an order that cannot take it refunded (and recorded).
 */
const ORIGIN = 'http://shop.test';

describe('Payments you can trust', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let product: any;
  let db: DatabaseService;

  const placeCardOrder = (email: string) => placeOrder(t, product, email);
  const open = (orderId: string) =>
    t.request('POST', '/api/payments/checkout/session', {
      headers: asPlacingBrowser(orderId),
      body: { origin_url: ORIGIN, order_id: orderId },
    });
  const pay = (sessionId: string) => t.request('POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, { body: GOOD_CARD });
  const events = async (type: string, orderId: string) =>
    (await db.one<any>(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = $1 AND data->>'order_id' = $2`, [type, orderId]))
      .n as number;
  const charged = async (orderId: string) =>
    (
      await db.one<any>(
        `SELECT count(*)::int AS n FROM public.sandbox_payment_sessions WHERE order_id = $1 AND payment_status IN ('paid', 'refunded')`,
        [orderId],
      )
    ).n as number;
  const order = async (id: string) => (await t.request('GET', `/api/orders/${id}`)).body;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: ORIGIN, PAYMENT_POLL_INTERVAL_MS: '150' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    db = t.app.get(DatabaseService);
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find(
      (p: any) => p.in_stock && p.price > 600 && p.price < 5000,
    );
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should hand out one open session per order however many ask at once (bursts of 20)', async () => {
    for (let round = 0; round < 3; round++) {
      const { orderId } = await placeCardOrder(`burst${round}@example.com`);
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => open(orderId)));
      const ms = Date.now() - started;
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((a) => a.body.session_id));
      const openAtProvider = (
        await db.one<any>(`SELECT count(*)::int AS n FROM public.sandbox_payment_sessions WHERE order_id = $1 AND status = 'open'`, [
          orderId,
        ])
      ).n;
      console.log(
        `round ${round}: 20 simultaneous checkout requests -> ${ids.size} session handed out, ${openAtProvider} open at the provider, ${ms} ms`,
      );
      expect(ids.size).toBe(1);
      expect(openAtProvider).toBe(1);
      expect(await events('OrderCheckoutOpened', orderId)).toBe(1);
    }
  });

  it('should charge once when the same session is paid 10 times at the same moment', async () => {
    const { orderId } = await placeCardOrder('same@example.com');
    const sessionId = (await open(orderId)).body.session_id;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(sessionId)));
    const ok = answers.filter((a) => a.status === 200 && a.body.success);
    console.log(`10 simultaneous payments of one session: ${ok.length} × 200, ${answers.filter((a) => a.status === 409).length} × 409`);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
    expect(await charged(orderId)).toBe(1);
    expect(await events('OrderPaid', orderId)).toBe(1);
  });

  it('should charge once when two sessions of one order are paid at the same moment (10 rounds)', async () => {
    const provider = t.app.get(SandboxPaymentProvider);
    let refused = 0;
    for (let round = 0; round < 10; round++) {
      const { orderId, totalCents } = await placeCardOrder(`two${round}@example.com`);
      // Two sessions the provider knows for the same order (as a shop without the one-session rule made them).
      const a = (await open(orderId)).body.session_id;
      const b = await provider.createSession({
        orderId,
        amountCents: totalCents,
        currency: 'usd',
        successUrl: `${ORIGIN}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ORIGIN}/payment/cancel`,
        expiresAt: new Date(Date.now() + 600_000),
      });
      await t.app.get(EventSourcing).decide(paymentStream(b.id), paymentSession, {
        type: 'OpenSession',
        data: {
          session_id: b.id,
          order_id: orderId,
          provider: 'sandbox',
          amount_cents: totalCents,
          currency: 'usd',
          expires_at: new Date(Date.now() + 600_000).toISOString(),
        },
      });
      const [ra, rb] = await Promise.all([pay(a), pay(b.id)]);
      const statuses = [ra.status, rb.status].sort();
      expect(statuses).toEqual([200, 409]);
      expect([ra, rb].find((r) => r.status === 409)!.body.detail).toBe('This order is already paid.');
      refused++;
      expect(await charged(orderId)).toBe(1);
      await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
      expect(await events('OrderPaid', orderId)).toBe(1);
    }
    console.log(`two sessions paid at the same moment, 10 rounds: 10 charges in all, ${refused} second payments refused by the provider`);
  });

  it('should end the open session at the provider when staff cancel the order, so it cannot be paid', async () => {
    const { orderId } = await placeCardOrder('cancelled@example.com');
    const sessionId = (await open(orderId)).body.session_id;
    const token = await t.staffToken();
    expect((await t.request('PUT', `/api/admin/orders/${orderId}`, { token, body: { status: 'cancelled' } })).status).toBe(200);
    await waitUntil(
      async () => (await db.one<any>(`SELECT status FROM public.sandbox_payment_sessions WHERE id = $1`, [sessionId])).status === 'expired',
    );
    const late = await pay(sessionId);
    expect(late.status).toBe(409);
    expect(await charged(orderId)).toBe(0);
    expect((await open(orderId)).status).toBe(409);
    expect((await open(orderId)).body.detail).toBe('This order was cancelled.');
  });

  it('should refund a payment that still lands on a cancelled order, record it and tell the shopper', async () => {
    const { orderId, totalCents } = await placeCardOrder('refund@example.com');
    const sessionId = (await open(orderId)).body.session_id;
    const token = await t.staffToken();
    // The provider took the money before it heard of the cancellation.
    await db.query(
      `UPDATE public.sandbox_payment_sessions SET status = 'complete', payment_status = 'paid', method = 'card' WHERE id = $1`,
      [sessionId],
    );
    expect((await t.request('PUT', `/api/admin/orders/${orderId}`, { token, body: { status: 'cancelled' } })).status).toBe(200);
    await t.app.get(CommandBus).execute(new SettleSessionCommand(sessionId));
    await waitUntil(async () => (await order(orderId)).refunded === totalCents / 100);
    expect(await order(orderId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded: totalCents / 100,
      can_pay: false,
    });
    expect(await events('OrderPaymentRejected', orderId)).toBe(1);
    expect(await events('PaymentRefunded', orderId)).toBe(1);
    expect(await events('OrderPaid', orderId)).toBe(0);
    const row = await db.one<any>(`SELECT payment_status, refund_id FROM public.sandbox_payment_sessions WHERE id = $1`, [sessionId]);
    expect(row.payment_status).toBe('refunded');
    expect(row.refund_id).toMatch(/^re_sandbox_/);
    // Staff see it in the order's history and in the payment's.
    const orderHistory = (await t.request('GET', `/api/admin/audit/streams/order-${orderId}`, { token })).body;
    expect(orderHistory.events.map((e: any) => e.type)).toContain('OrderPaymentRejected');
    const paymentHistory = (await t.request('GET', `/api/admin/audit/streams/payment-${sessionId}`, { token })).body;
    expect(paymentHistory.events.find((e: any) => e.type === 'PaymentRefunded').data).toMatchObject({
      amount_cents: totalCents,
      refund_id: row.refund_id,
    });
    const mail = await sink.waitFor((m) => m.to.includes('refund@example.com') && /refunded/i.test(m.subject), 15_000);
    expect(mail.text).toContain('refunded it in full');
    // Reported again, nothing more happens.
    await t.app.get(CommandBus).execute(new SettleSessionCommand(sessionId));
    await new Promise((r) => setTimeout(r, 500));
    expect(await events('PaymentRefunded', orderId)).toBe(1);
  });

  it('should list the order reference and payment status for staff, filterable by payment status', async () => {
    const { orderId } = await placeCardOrder('listed@example.com');
    const token = await t.staffToken();
    const res = await t.request('GET', '/api/admin/orders?payment_status=refunded&limit=100', { token });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((o: any) => o.payment_status === 'refunded')).toBe(true);
    const unpaid = await t.request('GET', '/api/admin/orders?payment_status=unpaid&limit=100', { token });
    const mine = unpaid.body.items.find((o: any) => o.id === orderId);
    expect(mine).toMatchObject({ reference: orderId.slice(0, 8).toUpperCase(), payment_status: 'unpaid', status: 'pending' });
    expect((await t.request('GET', '/api/admin/orders?payment_status=%00paid', { token })).status).toBe(400);
    expect((await t.request('GET', '/api/admin/orders?sort=reference&order=asc', { token })).status).toBe(200);
  });
});
