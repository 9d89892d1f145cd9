import { priceOrderInDollars } from '@facet/contracts';
import { Job } from 'bullmq';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { login, Mailbox, verifiedCustomer } from '../../testing/customer-helpers';
import { DatabaseService } from '../../platform/database/database.service';
import { OrderExpiryWorker } from '../reactors/order-expiry';
import { GOOD_CARD, orderAccessCookie, waitUntil } from '../../testing/card-orders';
import { madeToOrder } from '../../testing/made-to-order';
import { shippingBody } from '../../testing/request-bodies';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp, TestResponse } from '../../testing/test-app';

/**
 * Issue 41: one order per checkout. A new card attempt from the checkout (after a decline, from another tab,
 * a double submit) takes the shopper's order still awaiting payment with the same lines, total and address
 * instead of placing another; two tabs submitting at once still make one order, and its stocked units are
 * reserved once. A guest's order is theirs by the placing browser's cookie, or by the very same form.
 */
const ORIGIN = 'http://shop.test';

describe('One order per checkout', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: string;
  let piece: { id: string; name: string; price: number; image: string };
  let other: { id: string; name: string; price: number; image: string };
  let ada: string;
  let grace: string;

  const body = (
    over: { email?: string; quantity?: number; card?: { card_name: string; last_4: string }; city?: string; p?: typeof piece } = {},
  ) => {
    const p = over.p ?? piece;
    const quantity = over.quantity ?? 1;
    const totals = priceOrderInDollars([{ price: p.price, quantity }]);
    return {
      items: [{ product_id: p.id, product_name: p.name, price: p.price, quantity, image: p.image }],
      shipping: shippingBody({ email: over.email ?? 'checkout@example.com', ...(over.city ? { city: over.city } : {}) }),
      payment: over.card ?? { card_name: 'Ada Lovelace', last_4: '0002' },
      subtotal: totals.subtotal,
      shipping_cost: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      status: 'pending',
      payment_status: 'unpaid',
    };
  };
  const place = (b: ReturnType<typeof body>, auth: { cookie?: string; token?: string; key?: string } = {}) =>
    t.request('POST', '/api/orders', {
      body: b,
      token: auth.token,
      headers: { ...(auth.cookie ? { cookie: auth.cookie } : {}), ...(auth.key ? { 'idempotency-key': auth.key } : {}) },
    });
  const id = (r: TestResponse) => {
    expect([r.status, r.body.detail]).toEqual([200, undefined]);
    return r.body.order_id as string;
  };
  const db = () => t.app.get(DatabaseService);
  const placedEvents = async (email: string) =>
    (await db().one<{ n: number }>(`SELECT count(*)::int AS n FROM rm.orders WHERE lower(email) = lower($1) AND kind = 'card'`, [email]))!
      .n;
  const decline = async (orderId: string, cookie: string) => {
    const s = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie },
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(s.status).toBe(200);
    await t.request('POST', `/api/payments/sandbox/sessions/${s.body.session_id}/pay`, {
      body: { ...GOOD_CARD, card_number: '4000 0000 0000 0002' },
    });
    await waitUntil(async () => (await t.request('GET', `/api/orders/${orderId}`)).body.status === 'awaiting_payment');
  };
  const pay = async (orderId: string, cookie: string) => {
    const s = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie },
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect(s.status).toBe(200);
    await t.request('POST', `/api/payments/sandbox/sessions/${s.body.session_id}/pay`, { body: GOOD_CARD });
    await waitUntil(async () => (await t.request('GET', `/api/orders/${orderId}`)).body.payment_status === 'paid');
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: ORIGIN, PAYMENT_POLL_INTERVAL_MS: '150' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    staff = await t.staffToken();
    const listed = (await t.request('GET', '/api/products?limit=100')).body.products.filter((p: any) => p.in_stock && p.price > 600);
    [piece, other] = await madeToOrder(t, listed);
    const box = new Mailbox(sink);
    ada = await login(t, await verifiedCustomer(t, box, 'ada.checkout@example.com'));
    grace = await login(t, await verifiedCustomer(t, box, 'grace.checkout@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should reuse a guest’s order awaiting payment for a new card from the same browser, and pay it once', async () => {
    const email = 'declined.guest@example.com';
    const first = await place(body({ email }));
    const orderId = id(first);
    const cookie = orderAccessCookie(first);
    await decline(orderId, cookie);
    // Back at the checkout with the same bag and a new card: the same order, nothing new placed.
    const again = await place(body({ email, card: { card_name: 'Ada Lovelace', last_4: '4242' } }), { cookie });
    expect(id(again)).toBe(orderId);
    expect(orderAccessCookie(again)).toContain(orderId.replace(/-/g, ''));
    expect(await placedEvents(email)).toBe(1);
    await pay(orderId, cookie);
    // Paid: the next checkout of the same bag is a new order.
    const next = id(await place(body({ email }), { cookie }));
    expect(next).not.toBe(orderId);
    expect(await placedEvents(email)).toBe(2);
  });

  it('should place a new order when the bag, the address or the shopper differs, or the order can no longer be paid', async () => {
    const email = 'changes@example.com';
    const first = await place(body({ email }));
    const orderId = id(first);
    const cookie = orderAccessCookie(first);
    expect(id(await place(body({ email, quantity: 2 }), { cookie }))).not.toBe(orderId);
    expect(id(await place(body({ email, p: other }), { cookie }))).not.toBe(orderId);
    expect(id(await place(body({ email, city: 'Boston' }), { cookie }))).not.toBe(orderId);
    expect(id(await place(body({ email: 'someone.else@example.com' }), { cookie }))).not.toBe(orderId);
    // Another browser with another card is not this guest: its own order.
    expect(id(await place(body({ email, card: { card_name: 'Ada Lovelace', last_4: '9999' } })))).not.toBe(orderId);
    // The very same form (card included), even without the cookie: a second tab of this checkout.
    expect(id(await place(body({ email })))).toBe(orderId);
    // Expired unpaid: no longer payable, so not reused.
    await t.app.get(OrderExpiryWorker).process({ data: { order_id: orderId } } as Job);
    await waitUntil(async () => (await t.request('GET', `/api/orders/${orderId}`)).body.status === 'expired');
    expect(id(await place(body({ email }), { cookie }))).not.toBe(orderId);
  });

  it('should reuse a declined card-free checkout only from the browser that placed it, never from the same form elsewhere', async () => {
    // The checkout sends no card (it is typed on the payment page): an empty card is nobody's proof of a browser.
    const email = 'cardfree.guest@example.com';
    const noCard = { card_name: '', last_4: '' };
    const first = await place(body({ email, card: noCard }));
    const orderId = id(first);
    const cookie = orderAccessCookie(first);
    await decline(orderId, cookie);
    // Another browser typing the same form (same e-mail, address and bag) gets its own order, and no access to this one.
    const stranger = await place(body({ email, card: noCard }));
    expect(id(stranger)).not.toBe(orderId);
    expect(orderAccessCookie(stranger)).not.toContain(orderId.replace(/-/g, ''));
    // Back at the checkout in the placing browser, a new key and the same bag: the same order.
    const again = await place(body({ email, card: noCard }), { cookie, key: 'fresh-checkout-after-decline' });
    expect(id(again)).toBe(orderId);
    expect(await placedEvents(email)).toBe(2);
  });

  it('should reuse a customer’s own order awaiting payment from any device, never another customer’s', async () => {
    const email = 'ada.checkout@example.com';
    const first = id(await place(body({ email }), { token: ada }));
    // Another device (no cookie), another card: the customer's session says whose it is.
    expect(id(await place(body({ email, card: { card_name: 'Ada L', last_4: '1111' } }), { token: ada }))).toBe(first);
    // Grace with Ada's very form gets her own order; a guest with it too.
    expect(id(await place(body({ email }), { token: grace }))).not.toBe(first);
    expect(id(await place(body({ email })))).not.toBe(first);
  });

  it('should make one order of a burst of submissions at once (two tabs, double clicks, new keys), as guest and customer', async () => {
    const email = 'burst.guest@example.com';
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => place(body({ email }), { key: i % 2 ? `tab-${i}` : undefined })));
    expect(burst.map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(new Set(burst.map((r) => r.body.order_id)).size).toBe(1);
    expect(await placedEvents(email)).toBe(1);
    const events = await db().one<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.es_events WHERE event_type = 'OrderRequested' AND stream_id = $1`,
      [`order-${burst[0].body.order_id}`],
    );
    expect(events!.n).toBe(1);

    const mine = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        place(body({ email: 'grace.checkout@example.com', p: other, card: { card_name: 'G', last_4: String(1000 + i) } }), {
          token: grace,
        }),
      ),
    );
    expect(mine.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(new Set(mine.map((r) => r.body.order_id)).size).toBe(1);
  });

  it('should reserve a stocked piece once however many tabs submit it', async () => {
    const created = await t.request('POST', '/api/admin/products', {
      token: staff,
      body: {
        name: 'Checkout Solitaire',
        price: 900,
        category: 'women-rings',
        options: [{ name: 'size', values: ['6'] }],
        variants: [{ options: { size: '6' }, stock: 3, is_default: true }],
      },
    });
    expect(created.status).toBe(201);
    const ring = { id: created.body.id as string, name: 'Checkout Solitaire', price: 900, image: '' };
    const shown = (await t.request('GET', `/api/products/${ring.id}`)).body;
    ring.image = shown.image ?? '';
    const variantId = shown.variants.find((v: any) => v.is_default).id as string;
    const email = 'stock.tabs@example.com';
    const burst = await Promise.all(Array.from({ length: 10 }, () => place(body({ email, p: ring, quantity: 2 }))));
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(burst.map((r) => r.body.order_id)).size).toBe(1);
    await waitUntil(
      async () => (await t.request('GET', `/api/admin/inventory/variants/${variantId}`, { token: staff })).body.reserved === 2,
    );
    const after = (await t.request('GET', `/api/admin/inventory/variants/${variantId}`, { token: staff })).body;
    expect(after).toMatchObject({ on_hand: 3, reserved: 2, available: 1 });
    // Someone else still gets the last unit.
    expect((await place(body({ email: 'someone.else@example.com', p: ring, quantity: 1 }))).status).toBe(200);
  });

  it('should take hostile placements as before: an unknown field or NUL is refused, a tampered cookie is no one’s', async () => {
    const email = 'hostile.checkout@example.com';
    const first = await place(body({ email }));
    const orderId = id(first);
    const cookie = orderAccessCookie(first);
    const forged = `${cookie.slice(0, -6)}abcdef`;
    // A forged cookie and another card: not this browser, so not this order.
    expect(id(await place(body({ email, card: { card_name: 'Ada Lovelace', last_4: '7777' } }), { cookie: forged }))).not.toBe(orderId);
    // A cookie of another browser's order does not reach this one either.
    const stranger = await place(body({ email: 'stranger@example.com' }));
    expect(id(await place(body({ email, card: { card_name: 'X', last_4: '6666' } }), { cookie: orderAccessCookie(stranger) }))).not.toBe(
      orderId,
    );
    for (const bad of [
      { ...body({ email }), order_id: orderId },
      { ...body({ email }), shipping: { ...body({ email }).shipping, city: 'New\u0000York' } },
      { ...body({ email }), payment: { card_name: 'Ada\ud800', last_4: '0002' } },
    ]) {
      expect((await place(bad as any, { cookie })).status).toBe(400);
    }
  });
});
