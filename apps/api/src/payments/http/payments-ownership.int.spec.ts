import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { login, Mailbox, verifiedCustomer } from '../../testing/customer-helpers';
import { ORDER_ACCESS_COOKIE, ORDER_ACCESS_MAX_ORDERS } from '../../platform/auth/order-access-cookie';
import { DatabaseService } from '../../platform/database/database.service';
import { orderAccessCookie, placeCardOrder } from '../../testing/card-orders';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';

/**
 * Issue 39 (A): an order's checkout is its owner's only. The owner is the signed-in customer it was placed
 * from, or the browser that placed it (the httpOnly order-access cookie the placement set). Anyone else with
 * the order id (another guest, another customer, staff, a forged cookie) gets 404, for opening a session
 * and for cancelling one on the hosted page alike.
 */
const ORIGIN = 'http://shop.test';
const NOT_FOUND = { status: 404, body: { detail: 'Resource not found' } };

describe('Checkout sessions are the order owner’s only', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let product: any;
  let ada: string;
  let grace: string;

  const open = async (orderId: unknown, auth: { cookie?: string; token?: string } = {}) => {
    const res = await t.request('POST', '/api/payments/checkout/session', {
      token: auth.token,
      headers: auth.cookie ? { cookie: auth.cookie } : {},
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    return { status: res.status, body: res.body, setCookie: res.headers.getSetCookie() };
  };
  const cancelOnHostedPage = (sessionId: string, cookie?: string) =>
    fetch(`${t.url}/api/payments/sandbox/checkout/${sessionId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: 'action=cancel',
    });
  const sessionStatus = async (sessionId: string) =>
    (
      await t.app
        .get(DatabaseService)
        .one<{ status: string }>('SELECT status FROM public.sandbox_payment_sessions WHERE id = $1', [sessionId])
    )?.status;
  const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: ORIGIN });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    product = (await t.request('GET', '/api/products?limit=100')).body.products.find((p: any) => p.in_stock && p.price > 600);
    const box = new Mailbox(sink);
    ada = await login(t, await verifiedCustomer(t, box, 'ada.owner@example.com'));
    grace = await login(t, await verifiedCustomer(t, box, 'grace.other@example.com'));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('should set an httpOnly, SameSite=Lax, API-scoped order-access cookie when an order is placed', async () => {
    const placed = await t.request('POST', '/api/orders', {
      body: {
        items: [{ product_id: product.id, product_name: product.name, price: product.price, quantity: 1 }],
        shipping: { first_name: 'A', last_name: 'B', email: 'cookie.shape@example.com', phone: '+1 555 010 0000' },
        payment: { card_name: '', last_4: '' },
        status: 'consultation_requested',
        payment_status: 'pending_consultation',
      },
    });
    expect(placed.status).toBe(200);
    const set = placed.headers.getSetCookie().find((c) => c.startsWith(`${ORDER_ACCESS_COOKIE}=`))!;
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\/api(;|$)/);
    expect(set).not.toMatch(/; Secure/i); // Secure in production only (this is the test environment)
    // No personal data in it: the order id (compact) and a signature.
    expect(orderAccessCookie(placed)).toBe(
      `${ORDER_ACCESS_COOKIE}=${placed.body.order_id.replace(/-/g, '')}.${orderAccessCookie(placed).split('.').pop()}`,
    );
  });

  it('should open the session for the guest that placed the order (its cookie) and for the customer it was placed from', async () => {
    const guest = await placeCardOrder(t, product, 'guest.owner@example.com');
    const asGuest = await open(guest.orderId, { cookie: guest.cookie });
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.session_id).toMatch(/^cs_sandbox_/);
    // Asked again (Pay Now on /payment/cancel), the same browser gets the same open session.
    expect((await open(guest.orderId, { cookie: guest.cookie })).body.session_id).toBe(asGuest.body.session_id);

    const mine = await placeCardOrder(t, product, 'ada.owner@example.com', { token: ada });
    // My Orders on another device: the customer's session alone, no cookie.
    const asCustomer = await open(mine.orderId, { token: ada });
    expect(asCustomer.status).toBe(200);
    // ... which hands this browser the order's cookie, for the hosted page's cancel (no session is read there).
    const granted = asCustomer.setCookie.find((c) => c.startsWith(`${ORDER_ACCESS_COOKIE}=`))!;
    const cancelled = await cancelOnHostedPage(asCustomer.body.session_id, granted.split(';')[0]);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${ORIGIN}/payment/cancel?order_id=${mine.orderId}`);
  });

  it('should answer 404 to a stranger, another guest, another customer and staff, exactly as for an unknown order', async () => {
    const victim = await placeCardOrder(t, product, 'victim@example.com');
    const other = await placeCardOrder(t, product, 'other.guest@example.com');
    const unknown = answer(await open('00000000-0000-4000-8000-000000000000', { cookie: victim.cookie }));
    expect(unknown).toEqual(NOT_FOUND);
    const staff = await t.staffToken();
    for (const [who, auth] of [
      ['stranger', {}],
      ['another guest', { cookie: other.cookie }],
      ['another customer', { token: grace }],
      ['staff', { token: staff }],
    ] as const) {
      expect({ who, ...answer(await open(victim.orderId, auth)) }).toEqual({ who, ...NOT_FOUND });
    }
    // Not even an upper-case spelling of the id lets a stranger in; the owner may spell it so.
    expect(answer(await open(victim.orderId.toUpperCase(), { cookie: other.cookie }))).toEqual(NOT_FOUND);
    expect((await open(victim.orderId.toUpperCase(), { cookie: victim.cookie })).status).toBe(200);

    // A customer's order is not opened for another customer nor for a guest's cookie.
    const adas = await placeCardOrder(t, product, 'ada.owner@example.com', { token: ada });
    expect(answer(await open(adas.orderId, { token: grace }))).toEqual(NOT_FOUND);
    expect(answer(await open(adas.orderId, { cookie: other.cookie }))).toEqual(NOT_FOUND);
  });

  it('should not tell a stranger how an order stands (404, never the owner’s 409)', async () => {
    const paid = await placeCardOrder(t, product, 'paid.owner@example.com');
    const session = await open(paid.orderId, { cookie: paid.cookie });
    const pay = await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, {
      body: { method: 'card', card_number: '4242424242424242', expiry: '12/39', cvv: '123', name: 'Owner' },
    });
    expect(pay.body.success).toBe(true);
    for (let i = 0; i < 100 && (await open(paid.orderId, { cookie: paid.cookie })).status !== 409; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await open(paid.orderId, { cookie: paid.cookie })).status).toBe(409);
    expect(answer(await open(paid.orderId))).toEqual(NOT_FOUND);
  });

  it('should refuse forged and tampered cookies', async () => {
    const victim = await placeCardOrder(t, product, 'forged.victim@example.com');
    const mine = await placeCardOrder(t, product, 'forger@example.com');
    const victimHex = victim.orderId.replace(/-/g, '');
    const [mineHex, mac] = mine.cookie.slice(ORDER_ACCESS_COOKIE.length + 1).split('.');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === '0' ? '1' : '0') + s.slice(i + 1);
    const forgeries = [
      `${victimHex}.${mac}`, // my signature on the victim's id
      `${mineHex}.${victimHex}.${mac}`, // the victim's id added to my genuine list
      `${victimHex}.${mineHex}.${mac}`,
      `${victimHex}.${flip(mac, 0)}`,
      `${victimHex}.${'0'.repeat(40)}`,
      `${victimHex}.`,
      victimHex,
      `${victim.orderId}.${mac}`,
      `${victimHex.toUpperCase()}.${mac}`,
      `${Array.from({ length: ORDER_ACCESS_MAX_ORDERS + 1 }, () => victimHex).join('.')}.${mac}`,
      `${victimHex}.${mac}`.repeat(130), // 10 KB of cookie: refused by its length before any HMAC
      `${victimHex}.%00${mac}`,
      `${victimHex}.%ED%A0%80${mac}`, // a lone surrogate, percent-encoded
      '',
    ];
    for (const value of forgeries) {
      const res = await open(victim.orderId, { cookie: `${ORDER_ACCESS_COOKIE}=${value}` });
      expect({ value: value.slice(0, 90), ...answer(res) }).toEqual({ value: value.slice(0, 90), ...NOT_FOUND });
    }
    // The genuine cookie still works, and the forger's own order too.
    expect((await open(victim.orderId, { cookie: victim.cookie })).status).toBe(200);
    expect((await open(mine.orderId, { cookie: mine.cookie })).status).toBe(200);
  });

  it('should refuse hostile order ids before looking anything up, never with a 500', async () => {
    const victim = await placeCardOrder(t, product, 'hostile.ids@example.com');
    const values: unknown[] = [
      'not-a-uuid',
      `${victim.orderId}\u0000`,
      `${victim.orderId.slice(0, 35)}\ud800`,
      `${victim.orderId} `,
      ` ${victim.orderId}`,
      'x'.repeat(10_000),
      `${victim.orderId}' OR '1'='1`,
      '../' + victim.orderId,
      2 ** 64,
      -1,
      null,
      [victim.orderId],
      { $ne: null },
    ];
    for (const value of values) {
      const res = await open(value, { cookie: victim.cookie });
      expect({ value: JSON.stringify(value).slice(0, 60), status: res.status }).toEqual({
        value: JSON.stringify(value).slice(0, 60),
        status: 400,
      });
    }
  });

  it('should let only the owner’s browser cancel a session on the hosted page', async () => {
    const placed = await placeCardOrder(t, product, 'cancel.owner@example.com');
    const other = await placeCardOrder(t, product, 'cancel.stranger@example.com');
    const session = (await open(placed.orderId, { cookie: placed.cookie })).body.session_id as string;
    for (const cookie of [
      undefined,
      other.cookie,
      `facet_session=${grace}`, // another customer's session (the hosted form reads none anyway)
      `${ORDER_ACCESS_COOKIE}=${placed.orderId.replace(/-/g, '')}.${'f'.repeat(40)}`,
    ]) {
      const res = await cancelOnHostedPage(session, cookie);
      expect({ cookie, status: res.status }).toEqual({ cookie, status: 404 });
      expect(await sessionStatus(session)).toBe('open');
    }
    const owner = await cancelOnHostedPage(session, placed.cookie);
    expect(owner.status).toBe(303);
    expect(await sessionStatus(session)).toBe('expired');
    // Paying on the hosted page needs no cookie (the session id is the capability; the order is the payer's to pay).
    const again = (await open(placed.orderId, { cookie: placed.cookie })).body.session_id as string;
    const paid = await fetch(`${t.url}/api/payments/sandbox/checkout/${again}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay', name: 'P', card_number: '4242424242424242', expiry: '12/39', cvv: '123' }).toString(),
    });
    expect(paid.status).toBe(303);
  });

  it('should keep the newest orders of one browser in its cookie, up to the bound', async () => {
    let cookie = '';
    const placed: string[] = [];
    for (let i = 0; i <= ORDER_ACCESS_MAX_ORDERS; i++) {
      // Another guest each time: one browser's same bag would be its one order awaiting payment (issue 41).
      const order = await placeCardOrder(t, product, `many.orders.${i}@example.com`, { cookie });
      placed.push(order.orderId);
      cookie = order.cookie;
    }
    expect(cookie.length).toBeLessThan(ORDER_ACCESS_COOKIE.length + 1 + ORDER_ACCESS_MAX_ORDERS * 33 + 40 + 1);
    // The oldest dropped out; every later one opens.
    expect((await open(placed[0], { cookie })).status).toBe(404);
    for (const id of placed.slice(1)) expect((await open(id, { cookie })).status).toBe(200);
  });
});
