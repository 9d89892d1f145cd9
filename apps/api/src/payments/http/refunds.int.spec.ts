import { CatalogSeeder } from '../../catalog/seed/catalog-seeder';
import { DatabaseService } from '../../platform/database/database.service';
import { startSmtpSink, SmtpSink } from '../../testing/smtp-sink';
import { asPlacingBrowser, GOOD_CARD, placeCardOrder, waitUntil } from '../../testing/card-orders';
import { startTestApp, TestApp } from '../../testing/test-app';

const ORIGIN = 'http://shop.test';

/**
 * Staff refunds, whole or in part, through the sandbox provider (Stripe's: payments-stripe.int.spec.ts):
 * POST and GET /api/admin/orders/{id}/refunds, amounts in integer cents.
 */
describe('Refunds by staff', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let db: DatabaseService;
  let token: string;
  let product: any;
  /** A stocked variant of a seeded piece (its units move with restocking refunds). */
  let stocked: { id: string; price: number; product: any } | undefined;

  const refund = (orderId: string, body: unknown) => t.request('POST', `/api/admin/orders/${orderId}/refunds`, { token, body });
  const refunds = async (orderId: string) => (await t.request('GET', `/api/admin/orders/${orderId}/refunds`, { token })).body;
  const adminOrder = async (id: string) => (await t.request('GET', `/api/admin/orders/${id}`, { token })).body;
  const count = async (type: string, orderId: string) =>
    (await db.one<any>(`SELECT count(*)::int AS n FROM public.es_events WHERE event_type = $1 AND data->>'order_id' = $2`, [type, orderId]))
      .n as number;
  /** The stock returns of an order, as its variants' streams recorded them. */
  const returnsOf = (orderId: string) =>
    db.query<{ quantity: number; refund_id: string | null }>(
      `SELECT (data->>'quantity')::int AS quantity, data->>'refund_id' AS refund_id FROM public.es_events
        WHERE event_type = 'StockReturned' AND data->>'order_id' = $1 ORDER BY global_position`,
      [orderId],
    );
  /** Units on hand once the read model has applied every event of the variant's stream. */
  const onHand = async (variantId: string) => {
    let units = -1;
    await waitUntil(async () => {
      const row = await db.one<any>(
        `SELECT s.on_hand::int AS on_hand, s.version = st.revision AS settled FROM rm.variant_stock s
           JOIN public.es_streams st ON st.stream_id = 'variant-' || s.variant_id WHERE s.variant_id = $1`,
        [variantId],
      );
      units = row?.on_hand ?? -1;
      return row?.settled === true;
    });
    return units;
  };
  const paidOrder = async (variant?: { id: string; price: number; product: any }) => {
    const placed = await placeCardOrder(t, variant ? variant.product : product, `ada+${Math.random().toString(36).slice(2)}@example.com`, {
      variant,
    });
    const open = await t.request('POST', '/api/payments/checkout/session', {
      headers: asPlacingBrowser(placed.orderId),
      body: { origin_url: ORIGIN, order_id: placed.orderId },
    });
    expect(open.body.provider).toBe('sandbox');
    const sessionId = open.body.session_id as string;
    expect((await t.request('POST', `/api/payments/sandbox/sessions/${sessionId}/pay`, { body: GOOD_CARD })).status).toBe(200);
    await waitUntil(async () => (await adminOrder(placed.orderId)).payment_status === 'paid');
    await waitUntil(async () => (await refunds(placed.orderId)).captured_cents === placed.totalCents);
    return { ...placed, sessionId };
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGINS: ORIGIN, PAYMENT_POLL_INTERVAL_MS: '600000' });
    await t.app.get(CatalogSeeder).seedIfEmpty();
    db = t.app.get(DatabaseService);
    token = await t.staffToken();
    const listed = (await t.request('GET', '/api/products?limit=100')).body.products as any[];
    product = listed.find((p: any) => p.in_stock && p.price > 600);
    // A seeded stocked variant (the read model of its stock names it), and its price as the product page shows it.
    const row = await db.one<{ variant_id: string; product_id: string }>(
      `SELECT variant_id, product_id FROM rm.variant_stock WHERE available > 0 ORDER BY variant_id LIMIT 1`,
    );
    const page = (await t.request('GET', `/api/products/${row!.product_id}`)).body;
    const v = page.variants.find((x: any) => x.id === row!.variant_id);
    stocked = { id: v.id, price: v.price, product: page };
    // Enough units for every order of this file.
    const topUp = { delta: 50, reason: 'units for the refund tests' };
    expect((await t.request('POST', `/api/admin/inventory/variants/${stocked.id}/adjustments`, { token, body: topUp })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('should refund in part, then the rest, moving the order only once the refunds add up to its payment', async () => {
    const { orderId, totalCents, sessionId } = await paidOrder(stocked);
    const first = await refund(orderId, { amount: 100, reason: 'Clasp arrived scratched' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount_cents: 100, number: 1, reason: 'Clasp arrived scratched', restock: false, currency: 'usd' });
    await waitUntil(async () => (await adminOrder(orderId)).refunded === 1);
    expect(await adminOrder(orderId)).toMatchObject({ status: 'processing', payment_status: 'paid', refunded: 1 });

    const variantId = (await adminOrder(orderId)).items[0].variant_id as string;
    await waitUntil(async () => (await count('ReservationConfirmed', orderId)) === 1);
    const before = await onHand(variantId);
    const lines = [{ variant_id: variantId, quantity: 1 }];
    const rest = await refund(orderId, { amount: totalCents - 100, reason: 'Returned whole', restock: true, lines });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ number: 2, restock: true, restock_lines: lines });
    await waitUntil(async () => (await adminOrder(orderId)).status === 'cancelled');
    expect(await adminOrder(orderId)).toMatchObject({ payment_status: 'refunded', refunded: totalCents / 100 });
    const list = await refunds(orderId);
    expect(list).toMatchObject({ captured_cents: totalCents, refunded_cents: totalCents });
    expect(list.items.map((r: any) => r.amount_cents)).toEqual([100, totalCents - 100]);
    // The provider made exactly those refunds, and the order's cancel asked it for nothing more.
    await waitUntil(async () => (await count('OrderRefundRequested', orderId)) === 1);
    const rows = await db.query<any>(
      `SELECT amount_cents::int AS a FROM public.sandbox_refunds WHERE session_id = $1 ORDER BY created_at`,
      [sessionId],
    );
    expect(rows.map((r) => r.a)).toEqual([100, totalCents - 100]);
    expect(await count('PaymentRefunded', orderId)).toBe(2);
    // The piece came back once: the refund's return, and the order's cancel (which follows) finds nothing more to return.
    await waitUntil(async () => (await returnsOf(orderId)).length === 1);
    expect(await returnsOf(orderId)).toEqual([{ quantity: 1, refund_id: rest.body.refund_id }]);
    expect(await onHand(variantId)).toBe(before + 1);

    const more = await refund(orderId, { amount: 1, reason: 'Once more' });
    expect(more.status).toBe(409);
    expect(more.body.detail).toBe('This payment has been refunded in full already.');
  });

  it('should never refund more than was captured under 20 refunds at once from two consoles: exactly the allowed ones succeed', async () => {
    const { orderId, totalCents, sessionId } = await paidOrder();
    const amount = Math.ceil(totalCents / 7);
    const allowed = Math.floor(totalCents / amount);
    const other = await t.staffToken();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', `/api/admin/orders/${orderId}/refunds`, {
          token: i % 2 ? token : other,
          body: { amount, reason: `Console ${i % 2}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(allowed);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - allowed);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.detail).toMatch(/^Only \d+ cents of the \d+ captured are left to refund/);
    const numbers = answers.filter((a) => a.status === 201).map((a) => a.body.number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: allowed }, (_, i) => i + 1));
    const made = await db.one<any>(
      `SELECT count(*)::int AS n, sum(amount_cents)::int AS s FROM public.sandbox_refunds WHERE session_id = $1`,
      [sessionId],
    );
    expect(made).toEqual({ n: allowed, s: allowed * amount });
    expect(await count('PaymentRefunded', orderId)).toBe(allowed);
    expect(allowed * amount).toBeLessThanOrEqual(totalCents);
  });

  it("should put a restocked line's unit back on hand once, and none for a refund without restock", async () => {
    const { orderId } = await paidOrder(stocked);
    const variantId = (await adminOrder(orderId)).items[0].variant_id as string;
    await waitUntil(async () => (await count('ReservationConfirmed', orderId)) === 1);
    const before = await onHand(variantId);
    expect((await refund(orderId, { amount: 100, reason: 'Scratched, kept' })).status).toBe(201);
    const lines = [{ variant_id: variantId, quantity: 1 }];
    const back = await refund(orderId, { amount: 100, reason: 'Came back', restock: true, lines });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ number: 2, restock: true, restock_lines: lines });
    await waitUntil(async () => (await returnsOf(orderId)).length === 1);
    expect(await returnsOf(orderId)).toEqual([{ quantity: 1, refund_id: back.body.refund_id }]);
    expect(await onHand(variantId)).toBe(before + 1);
    // It bought one: another refund restocking it is refused before any money moves.
    const again = await refund(orderId, { amount: 100, reason: 'Came back again', restock: true, lines });
    expect(again.status).toBe(400);
    expect(again.body.errors.map((e: any) => e.field)).toEqual(['lines']);
    expect(again.body.detail).toMatch(/0 of the 1 bought are left to restock/);
    expect(await count('PaymentRefunded', orderId)).toBe(2);
    expect((await refunds(orderId)).items.map((r: any) => r.restock_lines)).toEqual([[], lines]);
    expect(await returnsOf(orderId)).toHaveLength(1);
  });

  it('should restock at most what was bought under 20 restocking refunds at once from two consoles', async () => {
    const { orderId, sessionId } = await paidOrder(stocked);
    const variantId = (await adminOrder(orderId)).items[0].variant_id as string;
    await waitUntil(async () => (await count('ReservationConfirmed', orderId)) === 1);
    const before = await onHand(variantId);
    const other = await t.staffToken();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', `/api/admin/orders/${orderId}/refunds`, {
          token: i % 2 ? token : other,
          body: { amount: 10, reason: `Came back, console ${i % 2}`, restock: true, lines: [{ variant_id: variantId, quantity: 1 }] },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.errors.map((e: any) => e.field)).toEqual(['lines']);
    // One refund made at the provider, one recorded, one unit back.
    const made = await db.one<any>(`SELECT count(*)::int AS n FROM public.sandbox_refunds WHERE session_id = $1`, [sessionId]);
    expect(made.n).toBe(1);
    expect(await count('PaymentRefunded', orderId)).toBe(1);
    await waitUntil(async () => (await returnsOf(orderId)).length === 1);
    expect(await onHand(variantId)).toBe(before + 1);
    expect(await returnsOf(orderId)).toHaveLength(1);
  });

  it('should refund once for one Idempotency-Key sent 10 times at once, answer every retry the same, and 409 the key with another body', async () => {
    const { orderId, sessionId } = await paidOrder();
    const key = `refund-${Math.random().toString(36).slice(2)}`;
    const send = (body: unknown, k = key) =>
      t.request('POST', `/api/admin/orders/${orderId}/refunds`, { token, body, headers: { 'idempotency-key': k } });
    const body = { amount: 150, reason: 'Stone loose' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((a) => a.body.refund_id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect(a.body).toMatchObject({ amount_cents: 150, number: 1, reason: 'Stone loose' });
    const later = await send(body);
    expect([later.status, later.body.refund_id]).toEqual([201, answers[0].body.refund_id]);
    const other = await send({ amount: 151, reason: 'Stone loose' });
    expect(other.status).toBe(409);
    expect(other.body.detail).toMatch(/Idempotency-Key was already used for a different request/);
    const made = await db.one<any>(`SELECT count(*)::int AS n FROM public.sandbox_refunds WHERE session_id = $1`, [sessionId]);
    expect(made.n).toBe(1);
    expect(await count('PaymentRefunded', orderId)).toBe(1);
    // Another key is another refund; no key at all is a new refund each time (today's behaviour).
    expect((await send(body, `${key}-2`)).body.number).toBe(2);
    expect((await refund(orderId, body)).body.number).toBe(3);
    expect((await refunds(orderId)).items.map((r: any) => r.amount_cents)).toEqual([150, 150, 150]);
    const badKey = await send(body, 'x'.repeat(201));
    expect(badKey.status).toBe(400);
  });

  it('should refuse bad bodies with 400 naming the field, never 5xx, and refund nothing', async () => {
    const { orderId } = await paidOrder(stocked);
    const variantId = (await adminOrder(orderId)).items[0].variant_id as string;
    const one = { variant_id: variantId, quantity: 1 };
    const bad: [unknown, string][] = [
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: -5, reason: 'x' }, 'amount'],
      [{ amount: 1.5, reason: 'x' }, 'amount'],
      [{ amount: 1e308, reason: 'x' }, 'amount'],
      [{ amount: '100', reason: 'x' }, 'amount'],
      [{ reason: 'x' }, 'amount'],
      [{ amount: 100 }, 'reason'],
      [{ amount: 100, reason: 'a\u0000b' }, 'reason'],
      [{ amount: 100, reason: 'x'.repeat(501) }, 'reason'],
      [{ amount: 100, reason: '   ' }, 'reason'],
      [{ amount: 100, reason: 5 }, 'reason'],
      [{ amount: 100, reason: 'x', restock: 'yes' }, 'restock'],
      [{ amount: 100, reason: 'x', restock: true }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: 'all' }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [[]] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [null] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: variantId, quantity: 0 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: variantId, quantity: 2 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: variantId, quantity: 1e308 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: variantId, quantity: '1' }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: 'a\u0000b', quantity: 1 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: 'x'.repeat(101), quantity: 1 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ quantity: 1 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: variantId, quantity: 1, extra: 1 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [{ variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: [one, one] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: true, lines: Array(101).fill(one) }, 'lines'],
      [{ amount: 100, reason: 'x', lines: [one] }, 'lines'],
      [{ amount: 100, reason: 'x', restock: false, lines: [one] }, 'lines'],
    ];
    for (const [body, field] of bad) {
      const res = await refund(orderId, body);
      expect([res.status, JSON.stringify(body)]).toEqual([400, JSON.stringify(body)]);
      // A line's own field is named under lines (lines.0.quantity).
      const fields = res.body.errors.map((e: any) => String(e.field).replace(/^lines[.[].*$/, 'lines'));
      expect(fields).toContain(field);
    }
    const tooMuch = await refund(orderId, { amount: 10 ** 12, reason: 'x' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail).toMatch(/left to refund/);
    expect((await refund('00000000-0000-4000-8000-000000000000', { amount: 1, reason: 'x' })).status).toBe(404);
    expect((await t.request('POST', `/api/admin/orders/${orderId}/refunds`, { body: { amount: 1, reason: 'x' } })).status).toBe(401);
    expect(await count('PaymentRefunded', orderId)).toBe(0);
    expect((await refunds(orderId)).items).toEqual([]);
  });
});
