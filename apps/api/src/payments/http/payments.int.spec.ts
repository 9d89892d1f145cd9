import { priceOrderInDollars } from '@facet/contracts';
import { Job } from 'bullmq';
import { randomUUID } from 'crypto';
import { SessionsService } from '../../platform/auth/sessions.service';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { Queues } from '../../platform/queue/queues.service';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { orderAccessCookie } from '../../testing/card-orders';
import { startTestApp, TestApp } from '../../testing/test-app';
import { CommandBus } from '@nestjs/cqrs';
import { SettleSessionCommand } from '../commands/settle-session.command';
import { PAYMENT_POLL_QUEUE } from '../reactors/payment-poll';

const ORIGIN = 'http://shop.test';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Card payments through the sandbox provider', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let product: any;

  const placeCardOrder = async (email = 'grace@example.com') => {
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    const res = await t.request('POST', '/api/orders', {
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
        shipping: {
          first_name: 'Grace',
          last_name: 'Hopper',
          email,
          phone: '',
          address: '1 Navy Yard',
          apartment: '',
          city: 'Austin',
          state: 'TX',
          zip_code: '73301',
          country: 'US',
        },
        payment: { card_name: 'Grace Hopper', last_4: '4242' },
        subtotal: totals.subtotal,
        shipping_cost: totals.shipping,
        tax: totals.tax,
        total: totals.total,
      },
    });
    expect(res.status).toBe(200);
    placingBrowsers.set(res.body.order_id, orderAccessCookie(res));
    return { orderId: res.body.order_id as string, totalCents: Math.round(totals.total * 100) };
  };
  /** The order-access cookie of the browser that placed each order: only it (or the customer's session) may open its checkout. */
  const placingBrowsers = new Map<string, string>();
  const owner = (orderId: string) => ({ cookie: placingBrowsers.get(orderId)! });
  const openSession = async (orderId: string) => {
    const res = await t.request('POST', '/api/payments/checkout/session', {
      headers: owner(orderId),
      body: {
        origin_url: ORIGIN,
        order_id: orderId,
        user_email: 'grace@example.com',
        metadata: { customer_name: 'Grace Hopper', phone: '', address: '1 Navy Yard' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`${ORIGIN}/api/payments/sandbox/checkout/${res.body.session_id}`);
    return res.body.session_id as string;
  };
  const form = (sessionId: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const countEvents = async (type: string, streamId: string) =>
    (
      await t.app
        .get(DatabaseService)
        .one<any>(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = $1 AND stream_id = $2`, [type, streamId])
    ).n;
  const order = async (id: string) => (await t.request('GET', `/api/orders/${id}`)).body;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({
      SMTP_URL: sink.url,
      PUBLIC_ORIGINS: ORIGIN,
      PAYMENT_SESSION_TTL_SECONDS: '4',
      PAYMENT_POLL_INTERVAL_MS: '150',
    });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find((p: any) => p.in_stock && p.price > 600);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should pay on the hosted page, redirect to the result page, record the payment once and mail a receipt', async () => {
    const { orderId, totalCents } = await placeCardOrder('grace@example.com');
    const sessionId = await openSession(orderId);
    const page = await fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).not.toMatch(/<script|https?:\/\/(?!shop\.test)/);

    let status = await t.request('GET', `/api/payments/checkout/status/${sessionId}`);
    expect(status.body).toMatchObject({
      payment_status: 'unpaid',
      status: 'open',
      amount_total: totalCents,
      currency: 'usd',
      metadata: { order_id: orderId },
    });

    const paid = await form(sessionId, {
      action: 'pay',
      name: 'Grace Hopper',
      card_number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvv: '123',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${ORIGIN}/payment/success?session_id=${sessionId}`);

    status = await t.request('GET', `/api/payments/checkout/status/${sessionId}`);
    expect(status.body).toMatchObject({ payment_status: 'paid', status: 'complete', amount_total: totalCents });
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
    expect(await order(orderId)).toMatchObject({
      status: 'processing',
      payment_status: 'paid',
      status_message: 'Your order will ship within 1-2 business days',
    });

    const receipt = await sink.waitFor((m) => m.to.includes('grace@example.com') && /receipt/i.test(m.subject), 15_000);
    expect(receipt.html).toContain(product.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));

    // Every later look (status route, poller, a second poll job for the same session, concurrent settles) changes nothing.
    const commands = t.app.get(CommandBus);
    await Promise.all(Array.from({ length: 10 }, () => commands.execute(new SettleSessionCommand(sessionId))));
    const extra = await t.app
      .get(Queues)
      .queue(PAYMENT_POLL_QUEUE)
      .add('poll', { session_id: sessionId }, { jobId: `extra-${sessionId}` });
    await waitUntil(async () => (await Job.fromId(t.app.get(Queues).queue(PAYMENT_POLL_QUEUE), extra.id!))?.finishedOn !== undefined);
    expect(await countEvents('PaymentSucceeded', `payment-${sessionId}`)).toBe(1);
    expect(await countEvents('OrderPaid', `order-${orderId}`)).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.messages.filter((m) => m.to.includes('grace@example.com') && /receipt/i.test(m.subject))).toHaveLength(1);

    // A paid order gets no second session.
    const again = await t.request('POST', '/api/payments/checkout/session', {
      headers: owner(orderId),
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(again.status).toBe(409);
  });

  it('should record a declined card once, keep the order pending and let it be paid again', async () => {
    const { orderId } = await placeCardOrder('declined@example.com');
    const sessionId = await openSession(orderId);
    const res = await t.request('POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, {
      body: { method: 'card', card_number: '4000 0000 0000 0002', expiry: '12/39', cvv: '123', name: 'Grace Hopper' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      payment_status: 'declined',
      redirect_url: `${ORIGIN}/payment/cancel?order_id=${orderId}`,
    });
    await waitUntil(async () => (await order(orderId)).payment_status === 'failed');
    expect(await order(orderId)).toMatchObject({ status: 'awaiting_payment', can_pay: true });
    expect((await order(orderId)).status_message).toMatch(/^Awaiting payment/);
    expect(await countEvents('PaymentFailed', `payment-${sessionId}`)).toBe(1);
    const status = await t.request('GET', `/api/payments/checkout/status/${sessionId}`);
    expect(status.body).toMatchObject({ payment_status: 'unpaid', status: 'complete', failure_reason: 'Your card was declined.' });
    const paidAgain = await t.request('POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, {
      body: { method: 'card', card_number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'G' },
    });
    expect(paidAgain.status).toBe(409);

    // A new session for the same order, paid by bank transfer from a demo account.
    const banks = await t.request('GET', '/api/payments/sandbox/banks');
    expect(banks.body.map((b: any) => b.balance)).toEqual([25000, 15000, 50000]);
    const second = await openSession(orderId);
    expect(second).not.toBe(sessionId);
    expect(await openSession(orderId)).toBe(second); // asking again returns the open one
    const bank = await t.request('POST', `/api/payments/sandbox/sessions/${second}/pay`, {
      body: { method: 'bank_transfer', account_id: banks.body[2].id },
    });
    expect(bank.body).toMatchObject({ success: true, payment_status: 'paid' });
    await waitUntil(async () => (await order(orderId)).payment_status === 'paid');
  });

  it('should show a declined card on the hosted page and refuse bad card details', async () => {
    const { orderId } = await placeCardOrder('page@example.com');
    const sessionId = await openSession(orderId);
    const bad = await t.request('POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, {
      body: { method: 'card', card_number: '', expiry: '', cvv: '', name: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Please fill in all card details');
    const wrong = await form(sessionId, { action: 'pay', name: 'G', card_number: '1234 5678 9012 3456', expiry: '12/39', cvv: '123' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Your card number is incorrect.');
    const declined = await form(sessionId, { action: 'pay', name: 'G', card_number: '4000000000000002', expiry: '12/39', cvv: '123' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
  });

  it('should expire an unpaid session after its time and record PaymentExpired once', async () => {
    const { orderId } = await placeCardOrder('slow@example.com');
    const sessionId = await openSession(orderId);
    await waitUntil(async () => (await order(orderId)).payment_status === 'expired', 15_000);
    expect(await countEvents('PaymentExpired', `payment-${sessionId}`)).toBe(1);
    const status = await t.request('GET', `/api/payments/checkout/status/${sessionId}`);
    expect(status.body).toMatchObject({ status: 'expired', payment_status: 'unpaid' });
    const late = await t.request('POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, {
      body: { method: 'card', card_number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'G' },
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Payment session expired');
    expect(await countEvents('PaymentExpired', `payment-${sessionId}`)).toBe(1);
  });

  it('should take the hosted form from a signed-in shopper (session cookie, no X-Requested-With) while the CSRF rule holds elsewhere', async () => {
    const { orderId } = await placeCardOrder('cookie@example.com');
    const sessionId = await openSession(orderId);
    const { token } = await t.app.get(SessionsService).create('customer', randomUUID(), 'customer');
    const res = await fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `facet_session=${token}` },
      body: new URLSearchParams({ action: 'pay', name: 'G', card_number: '4242424242424242', expiry: '12/39', cvv: '123' }).toString(),
    });
    expect(res.status).toBe(303);
    // Elsewhere the cookie's CSRF rule still holds.
    const elsewhere = await fetch(`${t.url}/api/payments/sandbox/sessions/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `facet_session=${token}` },
      body: JSON.stringify({ method: 'bank_transfer', account_id: 'facet-demo-premier' }),
    });
    expect(elsewhere.status).toBe(403);
  });

  it('should cancel from the hosted page back to the shop', async () => {
    const { orderId } = await placeCardOrder('cancel@example.com');
    const sessionId = await openSession(orderId);
    const res = await form(sessionId, { action: 'cancel' }, owner(orderId));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/payment/cancel?order_id=${orderId}`);
  });

  it('should refuse foreign origins, consultation requests and unknown orders', async () => {
    const { orderId } = await placeCardOrder('origin@example.com');
    let res = await t.request('POST', '/api/payments/checkout/session', {
      headers: owner(orderId),
      body: { origin_url: 'https://evil.example', order_id: orderId },
    });
    expect(res.status).toBe(400);
    res = await t.request('POST', '/api/payments/checkout/session', {
      body: { origin_url: ORIGIN, order_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    const consultation = await t.request('POST', '/api/orders', {
      body: {
        items: [{ product_id: product.id, price: product.price, quantity: 1 }],
        shipping: { first_name: 'C', last_name: 'R', email: 'c@example.com', phone: '+1 555 123 4567' },
        payment: { card_name: '', last_4: '' },
        total: totals.total,
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
      },
    });
    expect(consultation.status).toBe(200);
    res = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie: orderAccessCookie(consultation) },
      body: { origin_url: ORIGIN, order_id: consultation.body.order_id },
    });
    expect(res.status).toBe(409);
    expect((await t.request('GET', '/api/payments/checkout/status/cs_sandbox_nope')).status).toBe(404);
  });
});
