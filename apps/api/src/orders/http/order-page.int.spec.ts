import { randomUUID } from 'crypto';
import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { SessionsService } from '../../platform/auth/sessions.service';
import { DatabaseService } from '../../platform/database/database.service';
import { GOOD_CARD, placeCardOrder, waitUntil } from '../../testing/card-orders';
import { madeToOrder } from '../../testing/made-to-order';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, TestApp } from '../../testing/test-app';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { RunnersService } from '../../platform/projections/runners.service';
import { orderStream } from '../domain/order';
import { orderLinkToken } from '../order-link';
import { Mailbox, verifiedCustomer, login } from '../../testing/customer-helpers';

/**
 * The shopper's order page (issue 41): who may read it (its customer, its mails' signed link, the placing
 * browser; everyone else 404 as for no order), shipping with a carrier from the list and a checked tracking
 * number, notes staff share (and the ones they do not), and the "Your order has shipped" mail.
 */
describe("The shopper's order page, shipping and shared notes", () => {
  let t: TestApp;
  let sink: SmtpSink;
  let staff: string;
  let product: any;
  let ownerToken: string;
  let otherToken: string;

  const page = (id: string, options: { token?: string; cookie?: string; access?: string } = {}) =>
    t.request('GET', `/api/orders/${id}/page${options.access !== undefined ? `?access=${encodeURIComponent(options.access)}` : ''}`, {
      token: options.token,
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
  const put = (id: string, body: unknown) => t.request('PUT', `/api/admin/orders/${id}`, { token: staff, body });
  const adminOrder = async (id: string) => (await t.request('GET', `/api/admin/orders/${id}`, { token: staff })).body;

  /** Pays the order through the sandbox as its placing browser (cookie) or its customer (token), then waits for processing. */
  async function pay(orderId: string, as: { token?: string; cookie?: string }) {
    const session = await t.request('POST', '/api/payments/checkout/session', {
      token: as.token,
      headers: as.cookie ? { cookie: as.cookie } : {},
      body: { origin_url: 'http://shop.test', order_id: orderId },
    });
    expect(session.status).toBe(200);
    const paid = await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, { body: GOOD_CARD });
    expect(paid.body).toMatchObject({ success: true });
    await waitUntil(async () => (await adminOrder(orderId)).status === 'processing');
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: 'http://shop.test' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    [product] = await madeToOrder(
      t,
      (await t.request('GET', '/api/products?limit=20&sort_by=price-low')).body.products.filter((p: any) => p.in_stock),
    );
    staff = await t.staffToken();
    const sessions = t.app.get(SessionsService);
    ownerToken = (await sessions.create('customer', randomUUID(), 'customer')).token;
    otherToken = (await sessions.create('customer', randomUUID(), 'customer')).token;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('should show a signed-in customer their own order and answer 404 to another customer or a guest, as for no order', async () => {
    const { orderId } = await placeCardOrder(t, product, 'owner.page@example.com', { token: ownerToken });
    const own = await page(orderId, { token: ownerToken });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id: orderId,
      reference: orderId.slice(0, 8).toUpperCase(),
      kind: 'card',
      status: 'pending',
      payment_status: 'unpaid',
      can_pay: true,
      // Nothing charged yet: the card shown is only ever the one the provider charged, not digits sent with the order.
      card_last_4: null,
      ship_to: { name: 'Ada Lovelace', lines: ['1 Analytical Way', 'London, NY 10001', 'US'] },
      shipment: null,
      // An unpaid order says so (issue 41 item 6), not "processing will begin shortly".
      status_message: 'Order received, awaiting payment: nothing has been charged yet',
    });
    expect(own.body.items).toEqual([expect.objectContaining({ id: product.id, name: product.name, quantity: 1, price: product.price })]);
    expect(own.body.timeline).toEqual([expect.objectContaining({ status: 'pending', label: 'Order placed', note: '' })]);

    const missing = await page(randomUUID(), { token: otherToken });
    expect(missing.status).toBe(404);
    for (const res of [await page(orderId, { token: otherToken }), await page(orderId), await page(orderId, { token: staff })]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    expect((await page('not-a-uuid')).status).toBe(404);
  });

  it("should let a guest in through their mail's signed link or the placing browser, and refuse a tampered, expired or another order's link", async () => {
    const { orderId, cookie } = await placeCardOrder(t, product, 'guest.page@example.com');
    const other = await placeCardOrder(t, product, 'guest.other@example.com');
    expect((await page(orderId, { cookie })).status).toBe(200);
    expect((await page(orderId, { cookie: other.cookie })).status).toBe(404);
    expect((await page(orderId)).status).toBe(404);

    const token = orderLinkToken(orderId, new Date());
    const viaLink = await page(orderId, { access: token });
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.id).toBe(orderId);
    // The link's holder is the shopper: this browser may now pay the order as the placing one would.
    expect(viaLink.headers.getSetCookie().some((c) => c.startsWith('facet_order_access='))).toBe(true);

    const [expires, signature] = token.split('.');
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const later = String(Number(expires) + 86_400);
    const hostile = [
      `${expires}.${flipped}`, // tampered signature
      `${later}.${signature}`, // a later expiry under the old signature
      orderLinkToken(orderId, new Date(Date.now() - 400 * 86_400_000), new Date(Date.now() - 1000)), // expired
      orderLinkToken(other.orderId, new Date()), // another order's
      '',
      'x'.repeat(5000),
      `${expires}.${signature.toUpperCase()}`,
    ];
    for (const access of hostile) {
      const res = await page(orderId, { access });
      expect({ access: access.slice(0, 60), status: res.status }).toEqual({ access: access.slice(0, 60), status: 404 });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('facet_order_access='))).toBe(false);
    }
    // Text no database can keep is refused before any order is looked at: the same 400 for this order and for none.
    const nul = `?access=${encodeURIComponent(`${token}\u0000`)}`;
    const withNul = await t.request('GET', `/api/orders/${orderId}/page${nul}`);
    const noneWithNul = await t.request('GET', `/api/orders/${randomUUID()}/page${nul}`);
    expect([withNul.status, noneWithNul.status]).toEqual([400, 400]);
    expect(withNul.body.detail).toBe(noneWithNul.body.detail);
    // A repeated parameter is no token either.
    const twice = await t.request('GET', `/api/orders/${orderId}/page?access=${token}&access=${token}`);
    expect(twice.status).toBe(404);
  });

  it('should ship with a carrier from the list and a checked tracking number, refusing hostile input', async () => {
    const { orderId, cookie } = await placeCardOrder(t, product, 'ship.hostile@example.com');
    await pay(orderId, { cookie });
    const refused: [string, Record<string, unknown>][] = [
      ['no carrier or tracking', { status: 'shipped' }],
      ['tracking without a carrier', { status: 'shipped', tracking_number: '1Z999AA10123456784' }],
      ['a carrier without tracking', { status: 'shipped', carrier: 'ups' }],
      ['an unknown carrier', { status: 'shipped', carrier: 'pigeon', tracking_number: '1Z999AA10123456784' }],
      ['a carrier given as a URL', { status: 'shipped', carrier: 'https://evil.example/track?n=', tracking_number: '1Z999AA10123456784' }],
      ['a NUL in the tracking number', { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA1\u000023456784' }],
      ['a lone surrogate in the tracking number', { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA1\ud80023456784' }],
      ['a tracking number too long', { status: 'shipped', carrier: 'ups', tracking_number: '1'.repeat(41) }],
      ['a tracking number far too long', { status: 'shipped', carrier: 'ups', tracking_number: '1'.repeat(100_000) }],
      ['a tracking number too short', { status: 'shipped', carrier: 'ups', tracking_number: '12345' }],
      ['markup in the tracking number', { status: 'shipped', carrier: 'ups', tracking_number: '1Z<script>99' }],
      ['a URL as the tracking number', { status: 'shipped', carrier: 'ups', tracking_number: 'https://evil.example' }],
      ['a number as the tracking number', { status: 'shipped', carrier: 'ups', tracking_number: 12345678 }],
      [
        'share_with_customer not a boolean',
        { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA10123456784', share_with_customer: 'yes' },
      ],
      ['a NUL in the note', { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA10123456784', note: 'Boxed\u0000' }],
      ['a lone surrogate in the note', { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA10123456784', note: 'Boxed \udc00' }],
      ['a note too long', { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA10123456784', note: 'n'.repeat(2001) }],
      [
        'a tracking URL typed by staff',
        { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA10123456784', tracking_url: 'https://x' },
      ],
      ['a carrier on a move that is not shipping', { status: 'cancelled', carrier: 'ups', tracking_number: '1Z999AA10123456784' }],
    ];
    for (const [what, body] of refused) {
      const res = await put(orderId, body);
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
    }
    expect((await adminOrder(orderId)).status).toBe('processing');
    const shipped = await put(orderId, { status: 'shipped', carrier: 'ups', tracking_number: ' 1z 999-aa1 0123 4567 84 ' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
      tracking_url: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
    });
    // A note on the shipped order may not change how it travels.
    expect((await put(orderId, { status: 'shipped', note: 'Re-sent', carrier: 'fedex', tracking_number: '123456789012' })).status).toBe(
      400,
    );
  });

  it('should show the customer only the notes staff shared, with the carrier and tracking link, and mail them that it shipped', async () => {
    const email = 'shipped.mail@example.com';
    const { orderId, cookie } = await placeCardOrder(t, product, email);
    await pay(orderId, { cookie });
    expect((await put(orderId, { status: 'processing', note: 'Stone set, polishing tomorrow', share_with_customer: true })).status).toBe(
      200,
    );
    expect((await put(orderId, { status: 'processing', note: 'Customer called twice, sounded upset' })).status).toBe(200);
    expect((await put(orderId, { status: 'processing', note: 'Kept for staff', share_with_customer: false })).status).toBe(200);
    const res = await put(orderId, {
      status: 'shipped',
      carrier: 'fedex',
      tracking_number: '7489 4870 1234',
      note: 'Packed in our signature box, signature required',
      share_with_customer: true,
    });
    expect(res.status).toBe(200);

    const shown = (await page(orderId, { cookie })).body;
    expect(shown.shipment).toMatchObject({
      carrier: 'fedex',
      carrier_name: 'FedEx',
      tracking_number: '748948701234',
      tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=748948701234',
      shipped_at: expect.any(String),
    });
    expect(shown.timeline.map((e: any) => [e.label, e.note])).toEqual([
      ['Order placed', ''],
      ['Payment received', ''],
      ['A note from our atelier', 'Stone set, polishing tomorrow'],
      ['Shipped', 'Packed in our signature box, signature required'],
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/upset|Kept for staff/);

    const mail = await sink.waitFor((m) => m.to.includes(email) && m.headers['x-facet-mail-kind'] === 'order-shipped');
    expect(mail.subject).toContain('Your order has shipped');
    expect(mail.text).toContain('FedEx tracking number: 748948701234');
    expect(mail.text).toContain('https://www.fedex.com/fedextrack/?trknbr=748948701234');
    expect(mail.text).toContain('Packed in our signature box');
    expect(mail.html).toContain('href="https://www.fedex.com/fedextrack/?trknbr=748948701234"');
    const link = /https?:\/\/\S+\/orders\/[0-9a-f-]{36}\?access=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe(`/orders/${orderId}`);
    expect((await page(orderId, { access: url.searchParams.get('access')! })).status).toBe(200);
    // Every order mail links to the page: the receipt too.
    const receipt = await sink.waitFor((m) => m.to.includes(email) && m.headers['x-facet-mail-kind'] === 'payment-receipt');
    expect(receipt.text).toMatch(new RegExp(`/orders/${orderId}\\?access=\\d{10}\\.[0-9a-f]{40}`));
    // Staff's copy of the mail keeps the link's token out (the customer alone receives it).
    const kept = await t.request('GET', `/api/admin/mail?q=${encodeURIComponent(email)}`, { token: staff });
    expect(JSON.stringify(kept.body)).not.toContain(url.searchParams.get('access')!);
  });

  it('should store and show whatever the command accepts: the longest tracking number and a shared note of any Unicode', async () => {
    const { orderId, cookie } = await placeCardOrder(t, product, 'storable.page@example.com');
    await pay(orderId, { cookie });
    const tracking = 'A1'.repeat(20);
    const note = `${'Ünïcødé ✨ 💍 שלום 你好 '.repeat(60)}`.slice(0, 1990) + '\nEnd';
    const res = await put(orderId, {
      status: 'shipped',
      carrier: 'royal-mail',
      tracking_number: tracking,
      note,
      share_with_customer: true,
    });
    expect(res.status).toBe(200);
    const row = (
      await t.app.get(DatabaseService).pool.query('SELECT carrier, tracking_number, shipped_at FROM rm.orders WHERE id = $1', [orderId])
    ).rows[0];
    expect(row).toMatchObject({ carrier: 'royal-mail', tracking_number: tracking, shipped_at: expect.any(Date) });
    const shown = (await page(orderId, { cookie })).body;
    expect(shown.shipment.tracking_number).toBe(tracking);
    expect(shown.timeline.at(-1).note).toBe(note.normalize('NFC').trim());
  });

  it("should answer 404 to the mail's signed link and the placing browser once the order's customer is erased", async () => {
    const email = await verifiedCustomer(t, new Mailbox(sink), 'erased.link@example.com');
    const token = await login(t, email);
    const customerId = (await t.request('GET', '/api/me', { token })).body.id as string;
    const { orderId, cookie } = await placeCardOrder(t, product, email, { token });
    expect((await put(orderId, { status: 'cancelled' })).status).toBe(200);
    // The link of its mails: good for 180 days.
    const access = orderLinkToken(orderId, new Date());
    expect((await page(orderId, { access })).status).toBe(200);
    expect((await page(orderId, { cookie })).status).toBe(200);

    expect((await t.request('DELETE', `/api/admin/customers/${customerId}`, { token: staff })).status).toBe(200);
    const missing = await page(randomUUID(), { access });
    for (const res of [await page(orderId, { access }), await page(orderId, { cookie })]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('facet_order_access='))).toBe(false);
    }
  });

  it('should replay orders shipped and noted before issue 41 (no carrier, no shared flag) to the same rows', async () => {
    const { orderId, cookie } = await placeCardOrder(t, product, 'older.events@example.com');
    await pay(orderId, { cookie });
    // As recorded before issue 41: a note and a move to shipped without a shared flag or a shipment.
    const subject = (await t.app.get(DatabaseService).pool.query('SELECT subject_id FROM rm.orders WHERE id = $1', [orderId])).rows[0]
      .subject_id;
    await t.app.get(EventSourcing).append(
      orderStream(orderId),
      [
        { type: 'OrderNoteAdded', data: { order_id: orderId, status: 'processing', note: 'Old note', by: 'staff:x', subject_id: subject } },
        {
          type: 'OrderStatusChanged',
          data: { order_id: orderId, from: 'processing', to: 'shipped', note: '', by: 'staff:x', subject_id: subject },
        },
      ],
      'any',
    );
    await waitUntil(async () => (await adminOrder(orderId)).status === 'shipped');
    const shown = (await page(orderId, { cookie })).body;
    expect(shown.shipment).toBeNull();
    expect(shown.timeline.map((e: any) => e.note)).toEqual(['', '', '']);
    expect((await put(orderId, { status: 'delivered' })).status).toBe(200);
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.differences).toHaveProperty('orders', 0);
    expect(Object.values(result.differences ?? {}).every((n) => n === 0)).toBe(true);
  });
});
