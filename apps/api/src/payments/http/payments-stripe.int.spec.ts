import { Job } from 'bullmq';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { Queues } from '../../platform/queue/queues.service';
import { asPlacingBrowser, placeCardOrder, waitUntil } from '../../testing/card-orders';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { StripeDouble } from '../../testing/stripe-double';
import { startTestApp, TestApp } from '../../testing/test-app';
import { PAYMENT_POLL_QUEUE } from '../reactors/payment-poll';

const ORIGIN = 'http://shop.test';
const SECRET = 'whsec_facet_test_signing_secret';
const WEBHOOK = '/api/payments/stripe/webhook';

/**
 * Stripe as the payment provider, through the real SDK against an in-process double of Stripe's API
 * (STRIPE_API_URL), webhooks signed by the SDK. The poll interval is long, so what pays an order here is the
 * webhook, unless a test runs the payment worker's job itself.
 */
describe('Card payments through Stripe Checkout', () => {
  let t: TestApp;
  let stripe: StripeDouble;
  let sink: SmtpSink;
  let product: any;

  const db = () => t.app.get(DatabaseService);
  const countEvents = async (type: string, streamId?: string) =>
    (
      await db().one<any>(
        `SELECT count(*)::int AS n FROM public.es_events WHERE event_type = $1 AND ($2::text IS NULL OR stream_id = $2)`,
        [type, streamId ?? null],
      )
    ).n as number;
  const eventCount = async () => (await db().one<any>(`SELECT count(*)::int AS n FROM public.es_events`)).n as number;
  const order = async (id: string) => (await t.request('GET', `/api/orders/${id}`)).body;
  const status = async (sessionId: string) => (await t.request('GET', `/api/payments/checkout/status/${sessionId}`)).body;
  const place = () => placeCardOrder(t, product, `ada+${Math.random().toString(36).slice(2)}@example.com`);
  const openSession = async (orderId: string) => {
    const res = await t.request('POST', '/api/payments/checkout/session', {
      headers: asPlacingBrowser(orderId),
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(res.status).toBe(200);
    // The storefront's own payment page is the sandbox's: under Stripe its pay buttons go to the session's url.
    expect(res.body.provider).toBe('stripe');
    return res.body as { url: string; session_id: string };
  };
  /** Delivers a Stripe event to the webhook as Stripe does (raw JSON, Stripe-Signature). */
  const deliver = (payload: string, signature: string | null) =>
    t.request('POST', WEBHOOK, {
      body: payload,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    });
  const send = async (type: string, object: object, eventId?: string) => {
    const e = stripe.event(type, object, eventId);
    const res = await deliver(e.payload, stripe.sign(e.payload));
    expect(res.status).toBe(200);
    return { ...res.body, eventId: e.id, payload: e.payload };
  };
  const alerts = async () => (await t.request('GET', '/api/admin/payments/alerts', { token: await t.staffToken() })).body as any[];
  /** The payment worker's job, run now (its own job waits the long poll interval). */
  const poll = async (sessionId: string) => {
    const job = await t.app
      .get(Queues)
      .queue(PAYMENT_POLL_QUEUE)
      .add('poll', { session_id: sessionId }, { jobId: `test-${sessionId}-${Date.now()}` });
    await waitUntil(async () => (await Job.fromId(t.app.get(Queues).queue(PAYMENT_POLL_QUEUE), job.id!))?.finishedOn !== undefined);
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    stripe = await new StripeDouble(SECRET).start();
    t = await startTestApp({
      SMTP_URL: sink.url,
      PUBLIC_ORIGINS: ORIGIN,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_facet_double',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: stripe.url,
      PAYMENT_POLL_INTERVAL_MS: '600000',
      PAYMENT_SESSION_TTL_SECONDS: '300',
    });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find((p: any) => p.in_stock && p.price > 600);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await sink?.close();
  });

  it('should open a Checkout Session from the server-priced order, idempotently, and be paid only by the webhook', async () => {
    const { orderId, totalCents } = await place();
    const { url, session_id } = await openSession(orderId);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${session_id}`);
    const create = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.params.client_reference_id === orderId,
    )!;
    expect(create.authorization).toBe('Bearer sk_test_facet_double');
    expect(create.idempotencyKey).toMatch(new RegExp(`^checkout:${orderId}:\\d+:first$`));
    expect(create.params).toMatchObject({
      mode: 'payment',
      currency: 'usd',
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      payment_intent_data: { metadata: { order_id: orderId } },
      success_url: `${ORIGIN}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/payment/cancel?order_id=${orderId}`,
    });
    const lines = create.params.line_items as any[];
    expect(lines[0]).toMatchObject({
      quantity: '1',
      price_data: { currency: 'usd', unit_amount: String(Math.round(product.price * 100)) },
    });
    expect(lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0)).toBe(totalCents);
    // A 5-minute payment window still asks Stripe for its minimum of 30 minutes (and the shop ends it itself).
    const expiresIn = Number(create.params.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThan(32 * 60);
    // Every POST carried an Idempotency-Key.
    expect(stripe.requests.filter((r) => r.method === 'POST').every((r) => r.idempotencyKey)).toBe(true);
    // Asked again, the same session: no second one at Stripe.
    expect((await openSession(orderId)).session_id).toBe(session_id);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === orderId)).toHaveLength(1);

    // Paid at Stripe; the shopper comes back: the return page only reads, nothing is recorded from the browser.
    const paid = stripe.pay(session_id);
    expect(await status(session_id)).toMatchObject({ payment_status: 'unpaid', status: 'open', amount_total: totalCents });
    expect(await countEvents('PaymentSucceeded', `payment-${session_id}`)).toBe(0);

    const result = await send('checkout.session.completed', paid);
    expect(result).toMatchObject({ received: true, duplicate: false, applied: true });
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
    expect(await status(session_id)).toMatchObject({ payment_status: 'paid', status: 'complete', metadata: { order_id: orderId } });
    expect(await countEvents('OrderPaid', `order-${orderId}`)).toBe(1);

    // Redelivered: 200, recorded once, nothing changes.
    const before = await eventCount();
    const again = await deliver(result.payload, stripe.sign(result.payload));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, applied: false });
    expect(await eventCount()).toBe(before);
    expect(await countEvents('ProviderEventReceived', `provider-event-stripe-${result.eventId}`)).toBe(1);
    // A late expiry notice (another event id) changes nothing either.
    await send('checkout.session.expired', { ...paid, status: 'expired' });
    expect(await countEvents('PaymentSucceeded', `payment-${session_id}`)).toBe(1);
    expect(await countEvents('PaymentExpired', `payment-${session_id}`)).toBe(0);
  });

  it('should pay an order whose shopper never returns, applying a webhook that outruns the read models', async () => {
    const { orderId } = await place();
    const { session_id } = await openSession(orderId);
    const paid = stripe.pay(session_id);
    // Delivered at once, as soon as the session was opened: decided on the session's stream, not on a read model.
    await db().query(`DELETE FROM rm.payment_sessions WHERE id = $1`, [session_id]);
    expect((await send('checkout.session.completed', paid)).applied).toBe(true);
    expect(await countEvents('PaymentSucceeded', `payment-${session_id}`)).toBe(1);
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
  });

  it('should apply reordered notices once: async success before completed, and an async failure', async () => {
    const ok = await place();
    const okSession = (await openSession(ok.orderId)).session_id;
    const pending = stripe.pay(okSession, 'async');
    const succeeded = stripe.settleAsync(okSession, true);
    expect((await send('checkout.session.async_payment_succeeded', succeeded)).applied).toBe(true);
    // completed (unpaid, awaiting) arrives after: nothing more.
    expect((await send('checkout.session.completed', pending)).applied).toBe(false);
    await waitUntil(async () => (await order(ok.orderId)).payment_status === 'paid');
    expect(await countEvents('PaymentSucceeded', `payment-${okSession}`)).toBe(1);

    const bad = await place();
    const badSession = (await openSession(bad.orderId)).session_id;
    const awaiting = stripe.pay(badSession, 'async');
    expect((await send('checkout.session.completed', awaiting)).applied).toBe(false);
    // Awaiting the bank: no second session meanwhile, and the order is still unpaid.
    const second = await t.request('POST', '/api/payments/checkout/session', {
      headers: asPlacingBrowser(bad.orderId),
      body: { origin_url: ORIGIN, order_id: bad.orderId },
    });
    expect(second.status).toBe(409);
    expect((await order(bad.orderId)).payment_status).not.toBe('paid');
    expect((await send('checkout.session.async_payment_failed', stripe.settleAsync(badSession, false))).applied).toBe(true);
    await waitUntil(async () => (await order(bad.orderId)).payment_status === 'failed');
    expect(await countEvents('PaymentFailed', `payment-${badSession}`)).toBe(1);
  });

  it('should record an expired session, and pay by polling Stripe when no webhook comes', async () => {
    const gone = await place();
    const goneSession = (await openSession(gone.orderId)).session_id;
    expect((await send('checkout.session.expired', stripe.expire(goneSession))).applied).toBe(true);
    expect(await countEvents('PaymentExpired', `payment-${goneSession}`)).toBe(1);

    const { orderId } = await place();
    const { session_id } = await openSession(orderId);
    stripe.pay(session_id);
    await poll(session_id);
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
    expect(await status(session_id)).toMatchObject({ payment_status: 'paid' });
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session_id}`)).toBe(true);
    // Its webhook comes late after all: recorded, nothing more.
    expect((await send('checkout.session.completed', stripe.sessions.get(session_id)!)).applied).toBe(true);
    expect(await countEvents('PaymentSucceeded', `payment-${session_id}`)).toBe(1);

    // Polling checks what Stripe charged as the webhook does: another amount is told to staff, never applied.
    const odd = await place();
    const oddSession = (await openSession(odd.orderId)).session_id;
    stripe.pay(oddSession);
    stripe.sessions.get(oddSession)!.amount_total = 100;
    await poll(oddSession);
    await poll(oddSession); // the job again: told once
    expect(await countEvents('PaymentSucceeded', `payment-${oddSession}`)).toBe(0);
    await waitUntil(async () => (await alerts()).some((a) => a.id === `stripe:poll_${oddSession}`));
    expect((await alerts()).filter((a) => a.session_id === oddSession)).toEqual([
      expect.objectContaining({ kind: 'rejected', order_id: odd.orderId, detail: expect.stringMatching(/reported 100 usd/) }),
    ]);
    expect((await order(odd.orderId)).payment_status).toBe('unpaid');
  });

  it('should refuse missing, forged and stale signatures and bad bodies with 400, recording nothing', async () => {
    const { orderId } = await place();
    const { session_id } = await openSession(orderId);
    const paid = stripe.pay(session_id);
    const e = stripe.event('checkout.session.completed', paid);
    const before = await eventCount();
    const refused = [
      await deliver(e.payload, null),
      await deliver(e.payload, ''),
      await deliver(e.payload, stripe.sign(e.payload, { secret: 'whsec_someone_else' })),
      await deliver(e.payload, stripe.sign(e.payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      await deliver(e.payload.replace(String(paid.amount_total), '1'), stripe.sign(e.payload)),
      await deliver(e.payload, 't=1,v1=deadbeef'),
      await deliver('{"id": "evt_1", "type":', stripe.sign('{"id": "evt_1", "type":')),
      await deliver(`{"a":${'['.repeat(500)}${']'.repeat(500)}}`, stripe.sign('x')),
      await deliver(JSON.stringify({ id: 'evt_nul', type: 'x\u0000y' }), stripe.sign(JSON.stringify({ id: 'evt_nul', type: 'x\u0000y' }))),
      await deliver(JSON.stringify({ id: 'evt_huge', data: { object: { list: new Array(5000).fill(0) } } }), stripe.sign('y')),
    ];
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect(refused[0].body).toMatchObject({ detail: 'The Stripe-Signature header is missing.', errors: [{ field: 'stripe-signature' }] });
    for (const i of [2, 3, 4, 5]) expect(refused[i].body.detail).toMatch(/^The Stripe-Signature does not verify/);
    expect(refused[3].body.detail).toMatch(/tolerance/i);
    expect(refused[7].body.detail).toMatch(/nested too deeply/);
    expect(refused[9].body.detail).toMatch(/more than 1000 elements/);
    // Not JSON at all: refused before any controller, never a 5xx.
    const text = await fetch(t.url + WEBHOOK, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': stripe.sign(e.payload) },
      body: e.payload,
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(await eventCount()).toBe(before);
    expect((await order(orderId)).payment_status).not.toBe('paid');
  });

  it('should record for staff, never apply, a well-signed notice naming an unknown session or a wrong amount', async () => {
    const { orderId } = await place();
    const { session_id } = await openSession(orderId);
    const paid = stripe.pay(session_id);
    const wrong = await send('checkout.session.completed', { ...paid, amount_total: 100 });
    expect(wrong).toMatchObject({ received: true, applied: false });
    const foreign = await send('checkout.session.completed', { ...paid, id: 'cs_test_not_ours', metadata: { order_id: orderId } });
    expect(foreign.applied).toBe(false);
    const strangerOrder = await send('checkout.session.completed', {
      ...paid,
      metadata: { order_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(strangerOrder.applied).toBe(false);
    expect(await countEvents('PaymentSucceeded', `payment-${session_id}`)).toBe(0);
    await waitUntil(async () => (await alerts()).filter((a) => a.kind === 'rejected' && a.order_id === orderId).length >= 3);
    const mine = (await alerts()).filter((a) =>
      [wrong.eventId, foreign.eventId, strangerOrder.eventId].some((id) => a.id === `stripe:${id}`),
    );
    expect(mine).toHaveLength(3);
    expect(mine.map((a) => a.detail).join('\n')).toMatch(/reported 100 usd/);
    expect(mine.map((a) => a.detail).join('\n')).toMatch(/never opened/);
    // Staff only.
    expect((await t.request('GET', '/api/admin/payments/alerts')).status).toBe(401);
    // The genuine notice still pays it.
    expect((await send('checkout.session.completed', paid)).applied).toBe(true);
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
  });

  it('should flag a disputed order for staff and record a refund made at Stripe, each once', async () => {
    const { orderId } = await place();
    const { session_id } = await openSession(orderId);
    stripe.pay(session_id);
    // The dispute arrives before the completed notice: the session is settled from Stripe's answer, then flagged.
    const dispute = stripe.dispute(session_id);
    expect((await send('charge.dispute.created', dispute)).applied).toBe(true);
    await send('charge.dispute.created', dispute); // another delivery id, the same dispute
    expect(await countEvents('PaymentDisputed', `payment-${session_id}`)).toBe(1);
    expect(await countEvents('PaymentSucceeded', `payment-${session_id}`)).toBe(1);
    await waitUntil(async () => (await alerts()).some((a) => a.kind === 'dispute' && a.order_id === orderId));
    expect((await alerts()).find((a) => a.kind === 'dispute' && a.order_id === orderId)).toMatchObject({
      session_id,
      detail: expect.stringMatching(/fraudulent/),
    });
    // The order itself is flagged on the console's order page.
    const staffView = async () => (await t.request('GET', `/api/admin/orders/${orderId}`, { token: await t.staffToken() })).body;
    await waitUntil(async () => (await staffView()).disputed_at !== null);
    expect((await staffView()).disputed_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));

    // A part refund made in Stripe's dashboard is applied: the order's refunded sum and its refunds list show it.
    const part = stripe.refundInDashboard(session_id, 100);
    const partId = part.refunds.data[0].id as string;
    expect((await send('charge.refunded', part)).applied).toBe(true);
    await send('charge.refunded', part); // another delivery of the same notice
    expect(await countEvents('PaymentRefunded', `payment-${session_id}`)).toBe(1);
    await waitUntil(async () => (await staffView()).refunded === 1);
    expect(await staffView()).toMatchObject({ status: 'processing', payment_status: 'paid', refunded: 1 });
    const listed = (await t.request('GET', `/api/admin/orders/${orderId}/refunds`, { token: await t.staffToken() })).body;
    expect(listed).toMatchObject({ captured_cents: part.amount, refunded_cents: 100 });
    expect(listed.items).toEqual([expect.objectContaining({ refund_id: partId, amount_cents: 100, number: null, by: null })]);
    const whole = stripe.refundInDashboard(session_id, part.amount - 100);
    expect((await send('charge.refunded', whole)).applied).toBe(true);
    expect(await countEvents('PaymentRefunded', `payment-${session_id}`)).toBe(2);
    // The whole refund moves the order as a staff refund does, and Stripe is not asked to refund it again.
    await waitUntil(async () => (await order(orderId)).payment_status === 'refunded');
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    await waitUntil(async () => (await countEvents('OrderRefundRequested', `order-${orderId}`)) === 1);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds' && r.params.metadata?.session_id === session_id)).toHaveLength(0);
    // A charge no session of this shop took is recorded for staff.
    expect((await send('charge.refunded', { ...whole, payment_intent: 'pi_test_unknown' })).applied).toBe(false);
  });

  it('should refund through Stripe, once, a paid order staff cancel', async () => {
    const { orderId, totalCents } = await place();
    const { session_id } = await openSession(orderId);
    await send('checkout.session.completed', stripe.pay(session_id));
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
    const token = await t.staffToken();
    const cancels = await Promise.all(
      [1, 2, 3].map(() => t.request('PUT', `/api/admin/orders/${orderId}`, { token, body: { status: 'cancelled' } })),
    );
    expect(cancels.map((c) => c.status)).toEqual([200, 200, 200]);
    await waitUntil(async () => (await countEvents('PaymentRefunded', `payment-${session_id}`)) === 1);
    const refunds = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds' && r.params.metadata?.session_id === session_id,
    );
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${session_id}`]));
    expect(stripe.chargeOf(session_id)).toMatchObject({ refunded: true, amount_refunded: totalCents });
    // Stripe's charge.refunded for it then changes nothing.
    expect((await send('charge.refunded', stripe.chargeOf(session_id))).applied).toBe(true);
    expect(await countEvents('PaymentRefunded', `payment-${session_id}`)).toBe(1);
  });

  it('should refund in part then in full through Stripe, each with its own Idempotency-Key, and its charge.refunded change nothing more', async () => {
    const { orderId, totalCents } = await place();
    const { session_id } = await openSession(orderId);
    await send('checkout.session.completed', stripe.pay(session_id));
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
    const token = await t.staffToken();
    await waitUntil(
      async () => (await t.request('GET', `/api/admin/orders/${orderId}/refunds`, { token })).body.captured_cents === totalCents,
    );
    const part = await t.request('POST', `/api/admin/orders/${orderId}/refunds`, { token, body: { amount: 250, reason: 'Scratch' } });
    expect(part.status).toBe(201);
    expect(stripe.chargeOf(session_id)).toMatchObject({ refunded: false, amount_refunded: 250 });
    // Stripe's notice of the shop's own part refund: recorded, not an alert.
    expect((await send('charge.refunded', stripe.chargeOf(session_id))).applied).toBe(true);
    const rest = await t.request('POST', `/api/admin/orders/${orderId}/refunds`, {
      token,
      body: { amount: totalCents - 250, reason: 'Returned' },
    });
    expect(rest.status).toBe(201);
    expect(stripe.chargeOf(session_id)).toMatchObject({ refunded: true, amount_refunded: totalCents });
    const keys = stripe.requests
      .filter((r) => r.path === '/v1/refunds' && r.params.metadata?.session_id === session_id)
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual([`refund:${session_id}:1`, `refund:${session_id}:2`]);
    expect((await send('charge.refunded', stripe.chargeOf(session_id))).applied).toBe(true);
    await waitUntil(async () => (await order(orderId)).status === 'cancelled');
    expect(await order(orderId)).toMatchObject({ payment_status: 'refunded' });
    expect(await countEvents('PaymentRefunded', `payment-${session_id}`)).toBe(2);
    expect((await alerts()).filter((a) => a.session_id === session_id)).toEqual([]);
    // Nothing more to give back: refused before Stripe is asked.
    expect((await t.request('POST', `/api/admin/orders/${orderId}/refunds`, { token, body: { amount: 1, reason: 'x' } })).status).toBe(409);
  });

  it('should restock a line through Stripe as through the sandbox: its unit back once, a second restock refused before Stripe is asked', async () => {
    // A seeded stocked variant, with units to spare.
    const token = await t.staffToken();
    const row = await db().one<any>(`SELECT variant_id, product_id FROM rm.variant_stock WHERE available > 0 ORDER BY variant_id LIMIT 1`);
    const page = (await t.request('GET', `/api/products/${row.product_id}`)).body;
    const variant = page.variants.find((v: any) => v.id === row.variant_id);
    const topUp = { delta: 5, reason: 'units for the Stripe refund test' };
    expect((await t.request('POST', `/api/admin/inventory/variants/${variant.id}/adjustments`, { token, body: topUp })).status).toBe(200);
    const { orderId, totalCents } = await placeCardOrder(t, page, `ada+${Math.random().toString(36).slice(2)}@example.com`, { variant });
    const { session_id } = await openSession(orderId);
    await send('checkout.session.completed', stripe.pay(session_id));
    const confirmed = `SELECT 1 FROM public.es_events WHERE event_type = 'ReservationConfirmed' AND data->>'order_id' = $1`;
    await waitUntil(async () => (await db().one(confirmed, [orderId])) !== null);
    await waitUntil(
      async () => (await t.request('GET', `/api/admin/orders/${orderId}/refunds`, { token })).body.captured_cents === totalCents,
    );
    const returned = () =>
      db().query<any>(
        `SELECT (data->>'quantity')::int AS quantity, data->>'refund_id' AS refund_id FROM public.es_events
          WHERE event_type = 'StockReturned' AND data->>'order_id' = $1`,
        [orderId],
      );
    const lines = [{ variant_id: variant.id, quantity: 1 }];
    const back = await t.request('POST', `/api/admin/orders/${orderId}/refunds`, {
      token,
      body: { amount: 200, reason: 'Came back', restock: true, lines },
    });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ restock: true, restock_lines: lines });
    expect(back.body.refund_id).toMatch(/^re_/);
    await waitUntil(async () => (await returned()).length === 1);
    expect(await returned()).toEqual([{ quantity: 1, refund_id: back.body.refund_id }]);
    const refundsAsked = () =>
      stripe.requests.filter((r) => r.path === '/v1/refunds' && r.params.metadata?.session_id === session_id).length;
    expect(refundsAsked()).toBe(1);
    const again = await t.request('POST', `/api/admin/orders/${orderId}/refunds`, {
      token,
      body: { amount: 200, reason: 'Came back again', restock: true, lines },
    });
    expect([again.status, again.body.errors?.[0]?.field]).toEqual([400, 'lines']);
    expect(refundsAsked()).toBe(1);
    expect(await returned()).toHaveLength(1);
  });

  it('should answer 503 while Stripe is down, charge nothing, and open the checkout once it is back', async () => {
    const { orderId } = await place();
    stripe.down = true;
    try {
      const res = await t.request('POST', '/api/payments/checkout/session', {
        headers: asPlacingBrowser(orderId),
        body: { origin_url: ORIGIN, order_id: orderId },
      });
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(/cannot be reached right now\. Nothing was charged/);
    } finally {
      stripe.down = false;
    }
    expect((await openSession(orderId)).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });

  it('should describe the webhook and the alerts in the OpenAPI document, and every answer here conforms', async () => {
    const doc = (await t.request('GET', '/api/docs-json')).body;
    const hook = doc.paths['/api/payments/stripe/webhook'].post;
    expect(Object.keys(hook.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(hook.parameters.map((p: any) => p.name)).toContain('Stripe-Signature');
    expect(doc.paths['/api/admin/payments/alerts'].get).toBeDefined();
  });
});
