import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { RunnersService } from '../../platform/projections/runners.service';
import { placeCardOrder, waitUntil } from '../../testing/card-orders';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';

/**
 * Issue 41, item 6: after a decline the hosted page offers "Try another card" (a fresh session for the same
 * order and amount, as a real provider's page lets a shopper retry), only to the order's owner; a shopper's own
 * cancel is recorded in the order's history as cancelled by the shopper, not as an expired session.
 */
const ORIGIN = 'http://shop.test';
const DECLINED = { action: 'pay', name: 'Ada Lovelace', card_number: '4000 0000 0000 0002', expiry: '12/39', cvv: '123' };
const PAYS = { ...DECLINED, card_number: '4242 4242 4242 4242' };

describe('Try another card on the hosted page; a cancel is the shopper’s', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let product: any;

  const open = async (orderId: string, cookie: string) => {
    const res = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie },
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(res.status).toBe(200);
    return res.body.session_id as string;
  };
  const page = (sessionId: string, cookie?: string) =>
    fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`, { headers: cookie ? { cookie } : {} });
  /** `sessionId` goes into the path as given (tampered ones come percent-encoded). */
  const post = (sessionId: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
  const sessionOf = (location: string | null) => /\/api\/payments\/sandbox\/checkout\/(cs_sandbox_[0-9a-f]{32})$/.exec(location ?? '')?.[1];
  const db = () => t.app.get(DatabaseService);
  const history = async (orderId: string) =>
    db().query<{ event_type: string; data: any }>(
      `SELECT event_type, data FROM public.es_events WHERE stream_id = $1 ORDER BY global_position`,
      [`order-${orderId}`],
    );
  const order = async (id: string) => (await t.request('GET', `/api/orders/${id}`)).body;
  const orderPage = async (id: string, cookie: string) => (await t.request('GET', `/api/orders/${id}/page`, { headers: { cookie } })).body;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: ORIGIN, PAYMENT_POLL_INTERVAL_MS: '150' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find((p: any) => p.in_stock && p.price > 600);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should offer the owner "Try another card" after a decline: a new session for the same order and amount, which pays it', async () => {
    // Placed as a client built to the spec may: with the declined card's last four typed in its payment block.
    const { orderId, totalCents, cookie } = await placeCardOrder(t, product, 'retry.owner@example.com', {
      payment: { card_name: 'Ada Lovelace', last_4: '0002' },
    });
    const first = await open(orderId, cookie);
    const declined = await post(first, DECLINED, cookie);
    expect(declined.status).toBe(402);
    // Declined: the order page says until when the piece is held, which is when its payment session ends.
    await waitUntil(async () => (await orderPage(orderId, cookie)).payment_status === 'failed');
    const held = await orderPage(orderId, cookie);
    const firstEnds = await db().one<{ expires_at: Date }>('SELECT expires_at FROM public.sandbox_payment_sessions WHERE id = $1', [first]);
    const payBy = await db().one<{ pay_by: Date }>('SELECT pay_by FROM rm.orders WHERE id = $1', [orderId]);
    expect(held.held_until).toBe(new Date(payBy!.pay_by).toISOString());
    expect(new Date(firstEnds!.expires_at).getTime()).toBe(new Date(payBy!.pay_by).getTime());
    expect(held.card_last_4).toBeNull();
    const html = await declined.text();
    expect(html).toContain('Your card was declined.');
    expect(html).toContain('Try another card');
    expect(html).toContain('name="action" value="retry"');
    expect(html).toContain('Return to the shop');
    // The page read again (a reload) offers it too; a browser without the order's cookie is only sent back to the shop.
    expect(await (await page(first, cookie)).text()).toContain('Try another card');
    const stranger = await (await page(first)).text();
    expect(stranger).not.toContain('Try another card');
    expect(stranger).toContain('Return to the shop');

    const retry = await post(first, { action: 'retry' }, cookie);
    expect(retry.status).toBe(303);
    const second = sessionOf(retry.headers.get('location'));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(retry.headers.get('location')).toBe(`${ORIGIN}/api/payments/sandbox/checkout/${second}`);
    const secondRow = await db().one<{ order_id: string; amount_cents: string; status: string }>(
      'SELECT order_id, amount_cents, status FROM public.sandbox_payment_sessions WHERE id = $1',
      [second],
    );
    expect(secondRow).toMatchObject({ order_id: orderId, status: 'open' });
    expect(Number(secondRow!.amount_cents)).toBe(totalCents);
    const fresh = await (await page(second!, cookie)).text();
    expect(fresh).toContain('Card number');

    const paid = await post(second!, PAYS, cookie);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${ORIGIN}/payment/success?session_id=${second}`);
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
    // The card shown is the card charged: 4242 (the paying session's), not the 0002 the order was placed with.
    const paidPage = await orderPage(orderId, cookie);
    expect(paidPage).toMatchObject({ card_last_4: '4242', held_until: null });
    expect((await t.request('GET', `/api/admin/orders/${orderId}`, { token: await t.staffToken() })).body.last_4).toBe('4242');
    // The second session was opened after the first: it ends at the order's pay-by time all the same.
    const secondEnds = await db().one<{ expires_at: Date }>('SELECT expires_at FROM public.sandbox_payment_sessions WHERE id = $1', [
      second,
    ]);
    expect(new Date(secondEnds!.expires_at).getTime()).toBe(new Date(payBy!.pay_by).getTime());
    const events = await history(orderId);
    expect(events.filter((e) => e.event_type === 'OrderPaymentFailed').map((e) => e.data.reason)).toEqual(['Your card was declined.']);
    expect(events.filter((e) => e.event_type === 'OrderPaid')).toHaveLength(1);

    // Paid: the declined session's retry now says so instead of opening another one.
    const late = await post(first, { action: 'retry' }, cookie);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('This order is already paid.');
  });

  it('should open one new session however many retries arrive at once', async () => {
    const { orderId, cookie } = await placeCardOrder(t, product, 'retry.burst@example.com');
    const first = await open(orderId, cookie);
    expect((await post(first, DECLINED, cookie)).status).toBe(402);
    const burst = await Promise.all(Array.from({ length: 12 }, () => post(first, { action: 'retry' }, cookie)));
    expect(burst.map((r) => r.status)).toEqual(Array(12).fill(303));
    const sessions = new Set(burst.map((r) => sessionOf(r.headers.get('location'))));
    expect(sessions.size).toBe(1);
    // The order's one open session is that one; the racers' own sessions were ended at the provider.
    const opened = (await history(orderId)).filter((e) => e.event_type === 'OrderCheckoutOpened').map((e) => e.data.session_id);
    expect(opened).toEqual([first, ...sessions]);
    const stillOpen = await db().query('SELECT id FROM public.sandbox_payment_sessions WHERE order_id = $1 AND status = $2', [
      orderId,
      'open',
    ]);
    expect(stillOpen.map((r: any) => r.id)).toEqual([...sessions]);
  });

  it('should refuse a retry from a browser without the order, for tampered ids, and show an open session again', async () => {
    const victim = await placeCardOrder(t, product, 'retry.victim@example.com');
    const mine = await placeCardOrder(t, product, 'retry.attacker@example.com');
    const victimSession = await open(victim.orderId, victim.cookie);
    expect((await post(victimSession, DECLINED, victim.cookie)).status).toBe(402);
    // Another browser's cookie, a forged cookie, none at all: 404, and nothing opened.
    for (const cookie of [mine.cookie, `${mine.cookie.slice(0, -4)}beef`, undefined]) {
      expect((await post(victimSession, { action: 'retry' }, cookie)).status).toBe(404);
    }
    for (const id of [
      'cs_sandbox_' + '0'.repeat(32),
      victimSession.toUpperCase(),
      `${victimSession}0`,
      `${victimSession}%00`,
      'cs_sandbox_%ED%A0%80',
      `${victimSession}%20`,
      'x'.repeat(5000),
      '..%2Fcheckout',
    ]) {
      const res = await post(id, { action: 'retry' }, victim.cookie);
      expect([400, 404, 414]).toContain(res.status);
    }
    expect((await history(victim.orderId)).filter((e) => e.event_type === 'OrderCheckoutOpened')).toHaveLength(1);
    // Unknown actions and odd fields change nothing.
    expect((await post(victimSession, { action: 'retry\u0000' }, victim.cookie)).status).toBe(400); // NUL: refused at the door
    expect((await history(victim.orderId)).filter((e) => e.event_type === 'OrderCheckoutOpened')).toHaveLength(1);

    // Still open: "retry" just shows the same page again.
    const openOne = await open(mine.orderId, mine.cookie);
    const again = await post(openOne, { action: 'retry' }, mine.cookie);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/api/payments/sandbox/checkout/${openOne}`);
  });

  it('should record a cancel on the hosted page as cancelled by the shopper, and a session that ran out as expired', async () => {
    const { orderId, cookie } = await placeCardOrder(t, product, 'cancel.history@example.com');
    const sessionId = await open(orderId, cookie);
    const res = await post(sessionId, { action: 'cancel' }, cookie);
    expect(res.status).toBe(303);
    await waitUntil(async () => (await history(orderId)).some((e) => e.event_type === 'OrderPaymentFailed'));
    const failed = (await history(orderId)).filter((e) => e.event_type === 'OrderPaymentFailed');
    expect(failed.map((e) => [e.data.payment_status, e.data.reason])).toEqual([['cancelled', 'Payment cancelled by the shopper']]);
    // The payment's own record: a cancellation, not an expiry.
    const payment = await db().query<{ event_type: string }>(
      `SELECT event_type FROM public.es_events WHERE stream_id = $1 ORDER BY global_position`,
      [`payment-${sessionId}`],
    );
    expect(payment.map((e) => e.event_type)).toEqual(['PaymentSessionOpened', 'PaymentCancelled']);
    await waitUntil(async () => (await orderPage(orderId, cookie)).payment_status === 'cancelled');
    expect(await orderPage(orderId, cookie)).toMatchObject({
      status: 'awaiting_payment',
      payment_status: 'cancelled',
      payment_label: 'Cancelled by the shopper',
      can_pay: true,
    });
    const staffView = (await t.request('GET', `/api/admin/orders/${orderId}`, { token: await t.staffToken() })).body;
    expect(staffView.payment_status).toBe('cancelled');
    expect((await t.request('GET', `/api/payments/checkout/status/${sessionId}`)).body).toMatchObject({
      status: 'expired',
      payment_status: 'unpaid',
      failure_reason: 'Payment cancelled by the shopper',
    });
    const after = await (await page(sessionId, cookie)).text();
    expect(after).toContain('You cancelled this payment.');
    expect(after).not.toContain('Try another card');

    // A session that simply ran out is no cancel by the shopper (and its owner may start a new payment).
    const other = await placeCardOrder(t, product, 'ran.out@example.com');
    const ranOut = await open(other.orderId, other.cookie);
    await db().query(`UPDATE public.sandbox_payment_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [ranOut]);
    await t.request('GET', `/api/payments/checkout/status/${ranOut}`);
    await waitUntil(async () => (await history(other.orderId)).some((e) => e.event_type === 'OrderPaymentFailed'));
    const expired = (await history(other.orderId)).filter((e) => e.event_type === 'OrderPaymentFailed');
    expect(expired.map((e) => e.data.reason)).toEqual(['Payment session expired']);
    const text = await (await page(ranOut, other.cookie)).text();
    expect(text).toContain('Payment session expired');
    expect(text).toContain('Start a new payment');

    // Replay equals live: the cancelled payment, the charged card (the first test's) and the pay-by times.
    const replayed = await t.app.get(RunnersService).replay({ compare: true });
    expect(Object.entries(replayed.differences ?? {}).filter(([, n]) => n > 0)).toEqual([]);
  });
});
