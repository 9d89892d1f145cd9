import { priceOrderInDollars } from '@facet/contracts';
import { FACET_CONFIG, FacetConfig } from '../platform/config/config';
import { DatabaseService } from '../platform/database/database.service';
import { GOOD_CARD, orderAccessCookie, waitUntil } from '../testing/card-orders';
import { shippingBody } from '../testing/request-bodies';
import { startSmtpSink, SmtpSink } from '../testing/smtp-sink';
import { startTestApp, TestApp } from '../testing/test-app';
import { returnsReadModel } from './projections/returns.projection';

const ORIGIN = 'http://shop.test';

/**
 * Returns (issue 51) through the HTTP API on a real shop: the shopper's request and view, staff's steps, hostile
 * bodies, the window and the exclusions, receipt restocking once, ten refunds of one return refunding once, and
 * an exchange that reserves the new size (refused when it is sold out).
 */
describe('Returns', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let db: DatabaseService;
  let token: string;
  let ring: { id: string; name: string; variants: { id: string; options: Record<string, string> }[] };
  const size = (s: string) => ring.variants.find((v) => v.options.size === s)!.id;

  const onHand = async (variantId: string) => (await t.request('GET', `/api/admin/inventory/variants/${variantId}`, { token })).body;
  const staffPut = (id: string, body: unknown) => t.request('PUT', `/api/admin/returns/${id}`, { token, body });
  const count = async (type: string, orderId: string) =>
    (await db.one<any>(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = $1 AND data->>'order_id' = $2`, [type, orderId]))
      .n as number;

  /** A paid card order of 3 × size 6 (stocked) and 1 × size 7 engraved, moved to `to` by staff; its placing browser's cookie. */
  async function order(to: 'processing' | 'delivered' = 'delivered') {
    const lines = [
      { variant_id: size('6'), quantity: 3 },
      { variant_id: size('7'), quantity: 1, engraving: 'ADA' },
    ];
    const totals = priceOrderInDollars(lines.map((l) => ({ price: 100, quantity: l.quantity })));
    const placed = await t.request('POST', '/api/orders', {
      body: {
        items: lines.map((l) => ({ product_id: ring.id, product_name: ring.name, price: 100, image: '', ...l })),
        shipping: shippingBody(),
        payment: { card_name: 'Ada Lovelace', last_4: '4242' },
        total: totals.total,
      },
    });
    expect(placed.status).toBe(200);
    const orderId = placed.body.order_id as string;
    const cookie = orderAccessCookie(placed);
    const session = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie },
      body: { origin_url: ORIGIN, order_id: orderId },
    });
    expect((await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, { body: GOOD_CARD })).status).toBe(
      200,
    );
    await waitUntil(async () => (await t.request('GET', `/api/admin/orders/${orderId}`, { token })).body.payment_status === 'paid');
    if (to === 'delivered') {
      const shipped = { status: 'shipped', carrier: 'ups', tracking_number: '1Z999AA10123456784', note: '' };
      expect((await t.request('PUT', `/api/admin/orders/${orderId}`, { token, body: shipped })).status).toBe(200);
      expect((await t.request('PUT', `/api/admin/orders/${orderId}`, { token, body: { status: 'delivered', note: '' } })).status).toBe(200);
    }
    return { orderId, cookie };
  }

  const ask = (o: { orderId: string; cookie: string }, body: unknown, headers: Record<string, string> = {}) =>
    t.request('POST', `/api/orders/${o.orderId}/returns`, { headers: { cookie: o.cookie, ...headers }, body });
  const view = async (o: { orderId: string; cookie: string }) =>
    (await t.request('GET', `/api/orders/${o.orderId}/returns`, { headers: { cookie: o.cookie } })).body;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: ORIGIN, PAYMENT_POLL_INTERVAL_MS: '600000' });
    db = t.app.get(DatabaseService);
    token = await t.staffToken();
    const created = await t.request('POST', '/api/admin/products', {
      token,
      body: {
        name: 'Returns Ring',
        price: 100,
        category: 'women-rings',
        options: [{ name: 'size', values: ['6', '7', '8'] }],
        variants: [
          { options: { size: '6' }, stock: 20, is_default: true },
          { options: { size: '7' }, stock: null, lead_time_days: 10 },
          { options: { size: '8' }, stock: 1 },
        ],
        engraving: { max_length: 12 },
      },
    });
    expect(created.status).toBe(201);
    ring = {
      id: created.body.id,
      name: 'Returns Ring',
      variants: (await t.request('GET', `/api/products/${created.body.id}`)).body.variants,
    };
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('should refuse bad bodies with 400 naming the field, never 5xx', async () => {
    const o = await order();
    const cases: [unknown, string][] = [
      [{ reason: 'Too small' }, 'lines'],
      [{ lines: 'all', reason: 'Too small' }, 'lines'],
      [{ lines: [], reason: 'Too small' }, 'lines'],
      [{ lines: [[]], reason: 'Too small' }, 'lines'],
      [{ lines: [{ line: 0, quantity: 0 }], reason: 'x' }, 'lines.0.quantity'],
      [{ lines: [{ line: 0, quantity: 1.5 }], reason: 'x' }, 'lines.0.quantity'],
      [{ lines: [{ line: 0, quantity: 1e308 }], reason: 'x' }, 'lines.0.quantity'],
      [{ lines: [{ line: -1, quantity: 1 }], reason: 'x' }, 'lines.0.line'],
      [{ lines: [{ line: '0', quantity: 1 }], reason: 'x' }, 'lines.0.line'],
      [{ lines: [{ line: 9, quantity: 1 }], reason: 'x' }, 'lines[0].line'],
      [{ lines: [{ line: 0, quantity: 1 }] }, 'reason'],
      [{ lines: [{ line: 0, quantity: 1 }], reason: '\u200b' }, 'reason'],
      [{ lines: [{ line: 0, quantity: 1 }], reason: 'a\u0000b' }, 'reason'],
      [{ lines: [{ line: 0, quantity: 1 }], reason: 'a\ud800b' }, 'reason'],
      [{ lines: [{ line: 0, quantity: 1 }], reason: 'x'.repeat(1001) }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const res = await ask(o, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect((await ask(o, { lines: [{ line: 0, quantity: 1 }], reason: 'ok' }, { 'idempotency-key': 'bad key' })).status).toBe(400);
  });

  it('should answer only the order’s shopper, and refuse undelivered orders, engraved pieces and the window passed', async () => {
    const o = await order();
    const body = { lines: [{ line: 0, quantity: 1 }], reason: 'Too small' };
    expect((await t.request('POST', `/api/orders/${o.orderId}/returns`, { body })).status).toBe(404);
    expect((await t.request('GET', `/api/orders/${o.orderId}/returns`)).status).toBe(404);
    expect(
      (await t.request('GET', `/api/orders/00000000-0000-4000-8000-000000000000/returns`, { headers: { cookie: o.cookie } })).status,
    ).toBe(404);

    const engraved = await ask(o, { lines: [{ line: 1, quantity: 1 }], reason: 'Too small' });
    expect(engraved.status).toBe(409);
    expect(engraved.body.detail).toContain('engraved for you');

    const shown = await view(o);
    expect(shown.window_days).toBe(30);
    expect(shown.lines).toEqual([
      expect.objectContaining({ line: 0, quantity: 3, returnable_quantity: 3, refusal: null }),
      expect.objectContaining({ line: 1, returnable_quantity: 0, refusal: expect.objectContaining({ code: 'engraved' }) }),
    ]);
    expect(shown.policy.map((p: any) => p.code)).toEqual(['engraved', 'resized', 'custom_design']);

    const processing = await order('processing');
    expect((await ask(processing, body)).status).toBe(409);

    const config = t.app.get<FacetConfig>(FACET_CONFIG);
    config.returnWindowDays = 0;
    try {
      const late = await ask(o, body);
      expect(late.status).toBe(409);
      expect(late.body.detail).toMatch(/within 0 days of delivery/);
    } finally {
      config.returnWindowDays = 30;
    }
  });

  it('should take a return through approval, receipt (restocked once) and ten refunds at once (refunded once, less the fee)', async () => {
    const o = await order();
    const six = size('6');
    const asked = await ask(o, { lines: [{ line: 0, quantity: 2 }], reason: 'Too small' }, { 'idempotency-key': 'return-1' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: 'requested', reason: 'Too small', lines: [{ line: 0, quantity: 2, price: 100 }] });
    const id = asked.body.id as string;
    // The same submit again records one return.
    expect((await ask(o, { lines: [{ line: 0, quantity: 2 }], reason: 'Too small' }, { 'idempotency-key': 'return-1' })).body.id).toBe(id);
    expect(await count('ReturnRequested', o.orderId)).toBe(1);
    const more = await ask(o, { lines: [{ line: 0, quantity: 2 }], reason: 'Too small' });
    expect(more.status).toBe(409);
    expect(more.body.detail).toMatch(/at most 1 more/);

    const listed = await t.request('GET', `/api/admin/returns?status=requested&order_id=${o.orderId}`, { token });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('1');
    expect(listed.body.items.map((r: any) => r.id)).toEqual([id]);
    expect((await t.request('GET', `/api/admin/returns?q=${id.slice(0, 8)}`, { token })).body.items.map((r: any) => r.id)).toEqual([id]);
    expect((await t.request('GET', `/api/admin/returns?status=nope`, { token })).status).toBe(400);
    expect((await t.request('GET', `/api/admin/returns`)).status).toBe(401);
    expect((await t.request('GET', `/api/admin/returns/${id}`, { token })).body.status).toBe('requested');

    for (const [body, field] of [
      [{}, 'action'],
      [{ action: 'delete' }, 'action'],
      [{ action: 'approve', note: 5 }, 'note'],
      [{ action: 'refund', restocking_fee: -1 }, 'restocking_fee'],
      [{ action: 'refund', restocking_fee: 1.5 }, 'restocking_fee'],
      [{ action: 'refund', restocking_fee: 1e300 }, 'restocking_fee'],
      [{ action: 'refund', restocking_fee: '5' }, 'restocking_fee'],
      [{ action: 'exchange', exchange_variant_id: '../x' }, 'exchange_variant_id'],
      [{ action: 'exchange' }, 'exchange_variant_id'],
    ] as [unknown, string][]) {
      const res = await staffPut(id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    }
    expect((await staffPut('00000000-0000-4000-8000-000000000000', { action: 'approve' })).status).toBe(404);
    expect((await staffPut(id, { action: 'receive' })).status).toBe(409);

    const approved = await staffPut(id, { action: 'approve', note: 'Use the prepaid label' });
    expect(approved.body).toMatchObject({ status: 'approved', note: 'Use the prepaid label' });
    await sink.waitFor((m) => m.subject.includes('is approved') && m.text.includes('Use the prepaid label'));
    expect((await view(o)).returns[0]).toMatchObject({ status: 'approved', note: 'Use the prepaid label' });

    const before = (await onHand(six)).on_hand;
    const receipts = await Promise.all(Array.from({ length: 5 }, () => staffPut(id, { action: 'receive' })));
    expect(receipts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await waitUntil(async () => (await onHand(six)).on_hand === before + 2);
    expect(await count('StockReturned', o.orderId)).toBe(1);

    expect((await staffPut(id, { action: 'refund', restocking_fee: 20_001 })).status).toBe(400);
    const refunds = await Promise.all(Array.from({ length: 10 }, () => staffPut(id, { action: 'refund', restocking_fee: 500 })));
    expect(refunds.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(refunds[0].body).toMatchObject({ status: 'refunded', refunded: 195, restocking_fee: 5 });
    expect(await count('ReturnRefunded', o.orderId)).toBe(1);
    const money = (await t.request('GET', `/api/admin/orders/${o.orderId}/refunds`, { token })).body;
    expect(money.items).toHaveLength(1);
    expect(money.refunded_cents).toBe(19_500);
    await sink.waitFor((m) => m.subject.includes('We refunded $195.00'));

    const page = (await view(o)).returns[0];
    expect(page.history.map((h: any) => h.status)).toEqual(['requested', 'approved', 'received', 'refunded']);
  });

  it('should refuse with a note the shopper reads, and exchange for another size, reserving it (refused once it is sold out)', async () => {
    const o = await order();
    const first = (await ask(o, { lines: [{ line: 0, quantity: 1 }], reason: 'Too small' })).body.id as string;
    const second = (await ask(o, { lines: [{ line: 0, quantity: 1 }], reason: 'Too big' })).body.id as string;
    const third = (await ask(o, { lines: [{ line: 0, quantity: 1 }], reason: 'Changed my mind' })).body.id as string;
    expect((await ask(o, { lines: [{ line: 0, quantity: 1 }], reason: 'Again' })).body.detail).toMatch(/every unit/);

    expect((await staffPut(third, { action: 'refuse' })).body.errors[0].field).toBe('note');
    expect((await staffPut(third, { action: 'refuse', note: 'It was resized for you' })).body).toMatchObject({ status: 'refused' });
    expect((await view(o)).returns[2]).toMatchObject({ status: 'refused', note: 'It was resized for you' });

    for (const id of [first, second]) {
      await staffPut(id, { action: 'approve' });
      await staffPut(id, { action: 'receive' });
    }
    expect((await staffPut(first, { action: 'exchange', exchange_variant_id: 'not-a-size-of-it' })).body.errors[0].field).toBe(
      'exchange_variant_id',
    );
    const eight = size('8');
    const exchanged = await staffPut(first, { action: 'exchange', exchange_variant_id: eight });
    expect(exchanged.body).toMatchObject({ status: 'exchanged', exchange_variant_id: eight });
    await waitUntil(async () => (await onHand(eight)).available === 0);
    const soldOut = await staffPut(second, { action: 'exchange', exchange_variant_id: eight });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.detail).toMatch(/sold out/);
    expect((await t.request('GET', `/api/admin/returns/${second}`, { token })).body.status).toBe('received');

    // The shopper's erasure (CustomerDeleted naming their guest subject) leaves "erased" for the reason and notes.
    const { subject_id: subject } = (await db.one<{ subject_id: string }>('SELECT subject_id FROM returns WHERE id = $1', [third]))!;
    const effect = returnsReadModel.effects!.CustomerDeleted!;
    await effect.run(
      { query: (sql: string, params: unknown[]) => db.query(sql, params) } as never,
      {
        data: { customer_id: null, deleted_by: 'staff', guest_subject: subject },
      } as never,
    );
    const erased = (await t.request('GET', `/api/admin/returns/${third}`, { token })).body;
    expect(erased).toMatchObject({ reason: 'erased', note: 'erased', status: 'refused' });
    expect(erased.history.map((h: any) => h.note)).toEqual(['', 'erased']);
  });
});
