import { priceOrderInDollars } from '@facet/contracts';
import { randomUUID } from 'crypto';
import { CatalogSeeder } from '../catalog/seed/catalog-seeder';
import { orderAccessCookie } from '../testing/card-orders';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';

const ORIGIN = 'http://shop.test';

interface LoggedEvent {
  id: string;
  type: string;
  stream_id: string;
  actor: { type: string; id?: string };
  correlation_id: string;
  causation_id: string | null;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Correlation and causation through every hop: the request, the reactors, the BullMQ jobs (mail, payment
 * polling) and what those append. An auditor follows one conversation from the order to its payment and
 * mails, and each event names the event that caused it.
 */
describe('One conversation in the audit log', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let product: { id: string; name: string; price: number; image: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: ORIGIN, PAYMENT_POLL_INTERVAL_MS: '150' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find((p: { in_stock: boolean }) => p.in_stock);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const conversation = async (correlationId: string): Promise<LoggedEvent[]> => {
    const res = await t.request('GET', `/api/admin/audit/events?correlation_id=${correlationId}&limit=100`, {
      token: await t.staffToken(),
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBe(res.body.items.length);
    return res.body.items;
  };

  const placeCardOrder = async (email: string, headers: Record<string, string>) => {
    const totals = priceOrderInDollars([{ price: product.price, quantity: 1 }]);
    const res = await t.request('POST', '/api/orders', {
      headers,
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
        shipping: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email,
          phone: '',
          address: '1 Analytical Row',
          apartment: '',
          city: 'Austin',
          state: 'TX',
          zip_code: '73301',
          country: 'US',
        },
        payment: { card_name: 'Ada Lovelace', last_4: '4242' },
        subtotal: totals.subtotal,
        shipping_cost: totals.shipping,
        tax: totals.tax,
        total: totals.total,
      },
    });
    expect(res.status).toBe(200);
    placingBrowsers.set(res.body.order_id, orderAccessCookie(res));
    return res.body.order_id as string;
  };
  /** Only the browser that placed an order (its order-access cookie) may open its checkout. */
  const placingBrowsers = new Map<string, string>();

  it('should follow an order to its payment session, the polled payment, the paid order and the receipt, each caused by the one before', async () => {
    const correlationId = randomUUID();
    const headers = { 'x-correlation-id': correlationId };
    const orderId = await placeCardOrder('ada@example.com', headers);
    // A second order in its own conversation must not show up in the first.
    const otherOrder = await placeCardOrder('someone.else@example.com', {});

    const session = await t.request('POST', '/api/payments/checkout/session', {
      headers: { ...headers, cookie: placingBrowsers.get(orderId)! },
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(session.status).toBe(200);
    const sessionId = session.body.session_id as string;
    // Paid on the hosted page; nobody asks the status route, so the poll job records the outcome.
    const paid = await fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'pay',
        name: 'Ada Lovelace',
        card_number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvv: '123',
      }).toString(),
    });
    expect(paid.status).toBe(303);
    await paid.text();

    let events: LoggedEvent[] = [];
    await waitUntil(async () => {
      events = await conversation(correlationId);
      return events.some((e) => e.type === 'MailSent') && events.some((e) => e.type === 'OrderPaid');
    });
    const byType = (type: string) => events.filter((e) => e.type === type);
    const one = (type: string) => {
      expect({ type, count: byType(type).length }).toEqual({ type, count: 1 });
      return byType(type)[0];
    };

    expect(events.every((e) => e.correlation_id === correlationId)).toBe(true);
    expect(events.some((e) => e.stream_id === `order-${otherOrder}`)).toBe(false);

    const requested = one('OrderRequested');
    const opened = one('PaymentSessionOpened');
    const succeeded = one('PaymentSucceeded');
    const orderPaid = one('OrderPaid');
    // Requests cause nothing by id; what follows names its cause.
    expect(requested.causation_id).toBeNull();
    expect(requested.actor.type).toBe('anonymous');
    expect(opened.causation_id).toBeNull();
    expect(succeeded.causation_id).toBe(opened.id); // the poll job queued for the opened session
    expect(succeeded.actor).toMatchObject({ type: 'system' });
    expect(orderPaid.causation_id).toBe(succeeded.id); // the order-payment reactor
    const receipt = one('MailSent'); // card orders are confirmed by the receipt only
    expect(receipt.stream_id).toMatch(/^mail-payment-receipt-/);
    expect(receipt.causation_id).toBe(orderPaid.id); // queued by the mail reactor, sent by the mail job
    expect(receipt.actor).toMatchObject({ type: 'system', id: 'mail-worker' });
    // Every caused event points at an event of the same conversation.
    const ids = new Set(events.map((e) => e.id));
    for (const e of events)
      if (e.causation_id) expect({ type: e.type, causeKnown: ids.has(e.causation_id) }).toEqual({ type: e.type, causeKnown: true });
  });

  it("should follow a consultation request to its confirmation mail, sent by the mail job in the request's conversation", async () => {
    const correlationId = randomUUID();
    const res = await t.request('POST', '/api/orders', {
      headers: { 'x-correlation-id': correlationId },
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1, image: product.image }],
        shipping: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada.consult@example.com',
          phone: '+1 512 555 0100',
          address: '1 Analytical Row',
          apartment: '',
          city: 'Austin',
          state: 'TX',
          zip_code: '73301',
          country: 'US',
        },
        payment: { card_name: '', last_4: '' },
        ...(({ subtotal, shipping, tax, total }) => ({ subtotal, shipping_cost: shipping, tax, total }))(
          priceOrderInDollars([{ price: product.price, quantity: 1 }]),
        ),
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
      },
    });
    expect([res.status, res.body.detail]).toEqual([200, undefined]); // the detail names a refused field
    let events: LoggedEvent[] = [];
    await waitUntil(async () => (events = await conversation(correlationId)).some((e) => e.type === 'MailSent'));
    const requested = events.find((e) => e.type === 'OrderRequested')!;
    const mail = events.find((e) => e.type === 'MailSent')!;
    expect(mail.causation_id).toBe(requested.id);
    expect(mail.correlation_id).toBe(correlationId);
  });

  it('should keep the payment in the order conversation when the shopper asks for the outcome from another request', async () => {
    const correlationId = randomUUID();
    const orderId = await placeCardOrder('grace@example.com', { 'x-correlation-id': correlationId });
    const session = await t.request('POST', '/api/payments/checkout/session', {
      headers: { 'x-correlation-id': correlationId, cookie: placingBrowsers.get(orderId)! },
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    const sessionId = session.body.session_id as string;
    await fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        action: 'pay',
        name: 'Grace Hopper',
        card_number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvv: '123',
      }).toString(),
    }).then((r) => r.text());
    // The shopper's return: a request of its own, with its own correlation id.
    const status = await t.request('GET', `/api/payments/checkout/status/${sessionId}`);
    expect(status.body.payment_status).toBe('paid');
    expect(status.headers.get('x-correlation-id')).not.toBe(correlationId);
    await waitUntil(async () => (await conversation(correlationId)).some((e) => e.type === 'OrderPaid'));
    const events = await conversation(correlationId);
    const opened = events.find((e) => e.type === 'PaymentSessionOpened')!;
    expect(events.find((e) => e.type === 'PaymentSucceeded')?.causation_id).toBe(opened.id);
  });

  it.each([
    ['not a correlation id the header takes (a space)', 'order%201'],
    ['over 100 characters', 'a'.repeat(101)],
    ['a NUL byte', '%00'],
    ['a lone surrogate', '%ED%A0%80'],
    ['SQL', "'%20OR%201=1--"],
    ['a huge value', 'a'.repeat(5000)],
  ])('should refuse a correlation id filter that is %s with 400', async (_what, value) => {
    const res = await t.request('GET', `/api/admin/audit/events?correlation_id=${value}`, { token: await t.staffToken() });
    expect(res.status).toBe(400);
  });

  it('should answer an unknown conversation with an empty page, and only to staff', async () => {
    const id = randomUUID();
    expect((await t.request('GET', `/api/admin/audit/events?correlation_id=${id}`)).status).toBe(401);
    expect(await conversation(id)).toEqual([]);
  });
});
