import { priceOrderInDollars, RING_SIZER_VALUE } from '@facet/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { Job } from 'bullmq';
import { randomUUID } from 'crypto';
import fc from 'fast-check';
import { order, OrderEvent, orderStream } from '../orders/domain/order';
import { ReserveOrderStockCommand } from '../orders/order-stock.port';
import { ConsultationHoldWorker, OrderExpiryWorker } from '../orders/reactors/order-expiry';
import { EventSourcing } from '../platform/event-store/event-sourcing.service';
import { fold } from '../platform/event-store/decider';
import { RunnersService } from '../platform/projections/runners.service';
import { GOOD_CARD, orderAccessCookie, waitUntil } from '../testing/card-orders';
import { expectEverythingProjected } from '../testing/projection-health';
import { startTestApp, TestApp, TestResponse } from '../testing/test-app';
import { available, StockEvent, variantStock, VariantStockState, variantStream } from './domain/variant-stock';
import { shippingBody } from '../testing/request-bodies';

/**
 * Stock that is reserved and never oversold (issue 40), on real PostgreSQL through the HTTP API: bursts
 * of orders for the last units, release on expiry, cancel and orders never placed, confirmation on payment,
 * staff adjustments and returns with the ledger, hostile engraving, and a replay that rebuilds the same rows.
 */
interface Piece {
  id: string;
  name: string;
  price: number;
  variants: { id: string; options: Record<string, string>; price: number; available: number | null; is_default: boolean }[];
}

describe('Inventory: reservations that never oversell', () => {
  let t: TestApp;
  let token: string;
  let es: EventSourcing;

  beforeAll(async () => {
    // Reservations of orders never placed are released 1 s after they were made (5 minutes in production).
    t = await startTestApp({ UNPLACED_RESERVATION_SECONDS: '1', PUBLIC_ORIGINS: 'http://shop.test' });
    token = await t.staffToken();
    es = t.app.get(EventSourcing);
  });
  afterAll(async () => t.close());

  let pieces = 0;
  /** A ring with a stocked size 6 (`stock` units), a made-to-order size 7 and the free ring sizer (the default). */
  async function ring(stock: number, engraving: { max_length: number } | null = { max_length: 12 }): Promise<Piece> {
    const name = `Inventory Ring ${++pieces}`;
    const created = await t.request('POST', '/api/admin/products', {
      token,
      body: {
        name,
        price: 100,
        category: 'women-rings',
        options: [{ name: 'size', values: ['6', '7', RING_SIZER_VALUE] }],
        variants: [
          { options: { size: '6' }, stock },
          { options: { size: '7' }, stock: null, lead_time_days: 10 },
          { options: { size: RING_SIZER_VALUE }, stock: null, is_default: true },
        ],
        engraving,
      },
    });
    expect(created.status).toBe(201);
    const shown = await t.request('GET', `/api/products/${created.body.id}`);
    return { id: created.body.id, name, price: 100, variants: shown.body.variants };
  }
  const variant = (p: Piece, size: string) => p.variants.find((v) => v.options.size === size)!.id;

  function orderBody(lines: { p: Piece; variantId?: string; quantity?: number; engraving?: string }[], kind: 'card' | 'consultation') {
    const totals = priceOrderInDollars(lines.map((l) => ({ price: l.p.price, quantity: l.quantity ?? 1 })));
    return {
      items: lines.map((l) => ({
        product_id: l.p.id,
        product_name: l.p.name,
        price: l.p.price,
        quantity: l.quantity ?? 1,
        ...(l.variantId ? { variant_id: l.variantId } : {}),
        ...(l.engraving !== undefined ? { engraving: l.engraving } : {}),
      })),
      shipping: shippingBody(),
      total: totals.total,
      ...(kind === 'card'
        ? { payment: { card_name: 'Ada Lovelace', last_4: '4242' }, status: 'pending', payment_status: 'unpaid' }
        : { payment: { card_name: '', last_4: '' }, status: 'consultation_requested', payment_status: 'pending_consultation' }),
    };
  }
  const place = (p: Piece, size: string, options: { quantity?: number; kind?: 'card' | 'consultation'; key?: string } = {}) =>
    t.request('POST', '/api/orders', {
      body: orderBody([{ p, variantId: variant(p, size), quantity: options.quantity }], options.kind ?? 'consultation'),
      headers: options.key ? { 'idempotency-key': options.key } : {},
    });

  /** Pays a card order as its shopper does: a checkout session from the placing browser, paid with the sandbox's good card. */
  async function pay(placed: TestResponse): Promise<void> {
    const session = await t.request('POST', '/api/payments/checkout/session', {
      headers: { cookie: orderAccessCookie(placed) },
      body: { origin_url: 'http://shop.test', order_id: placed.body.order_id },
    });
    if (session.status !== 200) return; // no longer payable (expired or cancelled meanwhile)
    await t.request('POST', `/api/payments/sandbox/sessions/${session.body.session_id}/pay`, { body: GOOD_CARD });
  }

  /** The variant's stock as the write side folds it (the truth). */
  const truth = async (variantId: string): Promise<VariantStockState> =>
    fold(variantStock, await es.load<StockEvent>(variantStream(variantId)));
  /** The admin route's counts once the read model shows every event. */
  async function counts(variantId: string) {
    await expectEverythingProjected(t);
    return (await t.request('GET', `/api/admin/inventory/variants/${variantId}`, { token })).body;
  }
  /** Waits until the reactors moved the variant's stock to `expected`. */
  const settles = (variantId: string, expected: Partial<VariantStockState>) =>
    waitUntil(async () => {
      const s = await truth(variantId);
      return Object.entries(expected).every(([k, v]) => s[k as keyof VariantStockState] === v);
    });

  describe('Bursts for the last units', () => {
    it('should let exactly 3 of 30 simultaneous orders for 3 units through and answer the 27 others 409', async () => {
      const p = await ring(3);
      const six = variant(p, '6');
      const answers = await Promise.all(Array.from({ length: 30 }, () => place(p, '6')));
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 409);
      expect(ok).toHaveLength(3);
      expect(refused).toHaveLength(27);
      for (const r of refused)
        expect(r.body.detail).toMatch(new RegExp(`^(Only \\d left of ${p.name} \\(Size 6\\)\\.|${p.name} \\(Size 6\\) is sold out\\.)$`));
      expect(await counts(six)).toMatchObject({
        variant_id: six,
        product_id: p.id,
        on_hand: 3,
        reserved: 3,
        available: 0,
        variant_label: 'Size 6',
      });
      const open = await t.request('GET', `/api/admin/inventory/reservations?variant_id=${six}&status=open`, { token });
      expect(open.body.total).toBe(3);
      expect(open.body.items.map((r: any) => r.order_id).sort()).toEqual(ok.map((a) => a.body.order_id).sort());
      // The storefront's product shows the variant sold out.
      const shown = await t.request('GET', `/api/products/${p.id}`);
      expect(shown.body.variants.find((v: any) => v.id === six).available).toBe(0);
    });

    it('should let exactly 1 of 200 simultaneous orders for a one-of-a-kind piece through', async () => {
      const p = await ring(1);
      const answers = await Promise.all(Array.from({ length: 200 }, () => place(p, '6')));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(199);
      expect(answers.find((a) => a.status === 409)!.body.detail).toBe(`${p.name} (Size 6) is sold out.`);
      expect(await truth(variant(p, '6'))).toMatchObject({ onHand: 1, reserved: 1 });
    });

    it('should reserve exactly 3 of 30 writers racing on the stream itself (as processes do: expected revision, retried)', async () => {
      const p = await ring(3);
      const six = variant(p, '6');
      // Straight to the event store, past the per-process turns: only the expected revision keeps them apart.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, () =>
          es.decideLatest(
            variantStream(six),
            variantStock,
            { type: 'Reserve', variantId: six, productId: p.id, orderId: randomUUID(), quantity: 1, item: p.name },
            { waitForProjections: false },
            40,
          ),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
      const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason?.message)] : []));
      expect(reasons).toEqual(Array(27).fill(`${p.name} is sold out.`));
      expect(await truth(six)).toMatchObject({ onHand: 3, reserved: 3 });
    });

    it('should say how many are left when fewer than asked remain', async () => {
      const p = await ring(3);
      expect((await place(p, '6', { quantity: 2 })).status).toBe(200);
      const short = await place(p, '6', { quantity: 2 });
      expect(short.status).toBe(409);
      expect(short.body.detail).toBe(`Only 1 left of ${p.name} (Size 6).`);
    });

    it('should release what earlier lines held when a later line is short (order_not_placed)', async () => {
      const a = await ring(2);
      const b = await ring(0);
      const res = await t.request('POST', '/api/orders', {
        body: orderBody(
          [
            { p: a, variantId: variant(a, '6') },
            { p: b, variantId: variant(b, '6') },
          ],
          'consultation',
        ),
      });
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(`${b.name} (Size 6) is sold out.`);
      expect(await truth(variant(a, '6'))).toMatchObject({ onHand: 2, reserved: 0 });
      await expectEverythingProjected(t);
      const ledger = (await t.request('GET', `/api/admin/inventory/variants/${variant(a, '6')}/ledger`, { token })).body;
      expect(ledger.items.map((m: any) => [m.kind, m.reason])).toEqual([
        ['released', 'order_not_placed'],
        ['reserved', null],
        ['adjusted', 'initial stock'],
      ]);
    });

    it('should reserve once for a retried request with the same Idempotency-Key', async () => {
      const p = await ring(5);
      const key = randomUUID();
      const [first, second] = [await place(p, '6', { key, quantity: 2 }), await place(p, '6', { key, quantity: 2 })];
      expect(second.body.order_id).toBe(first.body.order_id);
      expect(await truth(variant(p, '6'))).toMatchObject({ onHand: 5, reserved: 2 });
    });
  });

  describe('The spec-shaped order and variants', () => {
    it('should take the default variant (the free ring sizer) for a line without variant_id, made to order: nothing reserved', async () => {
      const p = await ring(1);
      const res = await t.request('POST', '/api/orders', { body: orderBody([{ p }], 'card') });
      expect(res.status).toBe(200);
      const shown = await t.request('GET', `/api/orders/${res.body.order_id}`);
      expect(shown.body.items[0]).toMatchObject({
        variant_id: variant(p, RING_SIZER_VALUE),
        variant_options: { size: RING_SIZER_VALUE },
        engraving: '',
      });
      expect(await truth(variant(p, '6'))).toMatchObject({ reserved: 0 });
      // Made to order: as many as anyone wants.
      const many = await t.request('POST', '/api/orders', { body: orderBody([{ p, variantId: variant(p, '7'), quantity: 10 }], 'card') });
      expect(many.status).toBe(200);
    });

    it('should refuse a variant of another product, or one that is no id, with 400', async () => {
      const a = await ring(1);
      const b = await ring(1);
      for (const variantId of [variant(b, '6'), randomUUID(), 'size-6']) {
        const res = await t.request('POST', '/api/orders', { body: orderBody([{ p: a, variantId }], 'card') });
        expect(res.status).toBe(400);
      }
    });
  });

  describe('Engraving', () => {
    it("should keep an engraving within the product's rule on the order line", async () => {
      const p = await ring(2);
      const res = await t.request('POST', '/api/orders', {
        body: orderBody([{ p, variantId: variant(p, '6'), engraving: 'A & B ♥ 1985' }], 'card'),
      });
      expect(res.status).toBe(200);
      const shown = await t.request('GET', `/api/orders/${res.body.order_id}`, { token });
      expect(shown.body.items[0]).toMatchObject({ engraving: 'A & B ♥ 1985', variant_options: { size: '6' } });
    });

    it('should refuse hostile or over-long engraving text at the edge with 400, reserving nothing', async () => {
      const p = await ring(2);
      const plain = await ring(2, null);
      const hostile = [
        'A\u0000B',
        'A\ud800B',
        '\udc00',
        'x'.repeat(10_000),
        'LOVE 💍',
        '\u202eLOVE',
        'x'.repeat(13),
        ' lead',
        'a  b',
        'ok\n',
      ];
      for (const engraving of hostile) {
        const res = await t.request('POST', '/api/orders', { body: orderBody([{ p, variantId: variant(p, '6'), engraving }], 'card') });
        expect([engraving.slice(0, 20), res.status]).toEqual([engraving.slice(0, 20), 400]);
      }
      for (const engraving of [null, 42, ['A']]) {
        const res = await t.request('POST', '/api/orders', { body: orderBody([{ p, engraving: engraving as any }], 'card') });
        expect(res.status).toBe(400);
      }
      const notOffered = await t.request('POST', '/api/orders', { body: orderBody([{ p: plain, engraving: 'LOVE' }], 'card') });
      expect(notOffered.status).toBe(400);
      expect(notOffered.body.detail).toContain('cannot be engraved');
      expect(await truth(variant(p, '6'))).toMatchObject({ reserved: 0 });
    });
  });

  describe('Releases and confirmations follow the order', () => {
    it('should release the units of an unpaid card order when it expires', async () => {
      const p = await ring(1);
      const placed = await place(p, '6', { kind: 'card' });
      expect(placed.status).toBe(200);
      await t.app.get(OrderExpiryWorker).process({ data: { order_id: placed.body.order_id } } as Job);
      await settles(variant(p, '6'), { reserved: 0, onHand: 1 });
      expect((await truth(variant(p, '6'))).reservations[placed.body.order_id]).toMatchObject({
        status: 'released',
        releasedFor: 'expired',
      });
      expect(await counts(variant(p, '6'))).toMatchObject({ available: 1 });
      expect((await place(p, '6')).status).toBe(200);
    });

    it('should release on a cancelled card order and on a closed consultation', async () => {
      const p = await ring(2);
      const card = await place(p, '6', { kind: 'card' });
      const consultation = await place(p, '6');
      expect(await truth(variant(p, '6'))).toMatchObject({ reserved: 2 });
      const cancel = await t.request('PUT', `/api/admin/orders/${card.body.order_id}`, { token, body: { status: 'cancelled' } });
      expect(cancel.status).toBe(200);
      const close = await t.request('PUT', `/api/admin/orders/${consultation.body.order_id}`, { token, body: { status: 'closed' } });
      expect(close.status).toBe(200);
      await settles(variant(p, '6'), { reserved: 0, onHand: 2 });
      const released = await t.request('GET', `/api/admin/inventory/reservations?variant_id=${variant(p, '6')}&status=released`, { token });
      await expectEverythingProjected(t);
      const again = await t.request('GET', `/api/admin/inventory/reservations?variant_id=${variant(p, '6')}&status=released`, { token });
      expect(again.body.items.map((r: any) => r.release_reason)).toEqual(['cancelled', 'cancelled']);
      expect(released.status).toBe(200);
    });

    it("should release an unconfirmed consultation's units when its hold lapses, keep a confirmed one's, and list both with who confirmed", async () => {
      const p = await ring(2);
      const kept = await place(p, '6');
      const lapsing = await place(p, '6');
      const confirm = await t.request('POST', `/api/admin/orders/${kept.body.order_id}/hold-confirmation`, { token });
      expect(confirm.status).toBe(200);
      const hold = t.app.get(ConsultationHoldWorker);
      const job = (o: TestResponse) => ({ data: { order_id: o.body.order_id, held_since: '2026-01-01T00:00:00.000Z' } }) as Job;
      expect(await hold.process(job(kept))).toBe('kept');
      expect(await hold.process(job(lapsing))).toBe('lapsed');
      expect(await hold.process(job(lapsing))).toBe('kept'); // a job run twice lapses once
      await settles(variant(p, '6'), { reserved: 1, onHand: 2 });
      expect((await truth(variant(p, '6'))).reservations[lapsing.body.order_id]).toMatchObject({
        status: 'released',
        releasedFor: 'expired',
      });
      await expectEverythingProjected(t);
      const listed = await t.request('GET', `/api/admin/inventory/reservations?variant_id=${variant(p, '6')}`, { token });
      const row = (o: TestResponse) => listed.body.items.find((r: any) => r.order_id === o.body.order_id);
      expect(row(kept)).toMatchObject({
        status: 'open',
        quantity: 1,
        hold_confirmed_by: expect.any(String),
        hold_confirmed_at: expect.any(String),
      });
      expect(row(lapsing)).toMatchObject({ status: 'released', release_reason: 'expired', hold_confirmed_by: null });
      // The lapsed request stays open for staff, its history says why; its hold can no longer be confirmed.
      expect((await t.request('GET', `/api/admin/orders/${lapsing.body.order_id}`, { token })).body.status).toBe('consultation_requested');
      const history = await es.load<OrderEvent>(orderStream(lapsing.body.order_id));
      expect(history.map((e) => e.type)).toContain('ConsultationHoldLapsed');
      const late = await t.request('POST', `/api/admin/orders/${lapsing.body.order_id}/hold-confirmation`, { token });
      expect(late.status).toBe(409);
    });

    it('should confirm on payment (on hand drops, available unchanged) and put the units back when a paid order is cancelled', async () => {
      const p = await ring(3);
      const six = variant(p, '6');
      const placed = await place(p, '6', { kind: 'card', quantity: 2 });
      const before = await counts(six);
      expect(before).toMatchObject({ on_hand: 3, reserved: 2, available: 1 });
      await pay(placed);
      await settles(six, { onHand: 1, reserved: 0 });
      expect(await counts(six)).toMatchObject({ on_hand: 1, reserved: 0, available: 1 });
      await t.request('PUT', `/api/admin/orders/${placed.body.order_id}`, { token, body: { status: 'cancelled' } });
      await settles(six, { onHand: 3, reserved: 0 });
      await expectEverythingProjected(t);
      const ledger = (await t.request('GET', `/api/admin/inventory/variants/${six}/ledger`, { token })).body.items;
      expect(ledger[0]).toMatchObject({
        kind: 'returned',
        quantity: 2,
        reason: 'order cancelled after payment',
        by: 'system',
        on_hand_after: 3,
      });
      expect(ledger[1]).toMatchObject({
        kind: 'confirmed',
        quantity: -2,
        order_id: placed.body.order_id,
        on_hand_after: 1,
        available_after: 1,
      });
    });

    it('should release a reservation whose order was never recorded (the process killed between the two appends)', async () => {
      const p = await ring(1);
      const six = variant(p, '6');
      const orphan = randomUUID();
      // What a process killed after reserving and before appending OrderRequested leaves behind.
      await t.app
        .get(CommandBus)
        .execute(new ReserveOrderStockCommand(orphan, [{ variantId: six, productId: p.id, quantity: 1, item: p.name }]));
      expect((await place(p, '6')).status).toBe(409);
      await settles(six, { reserved: 0 });
      expect((await truth(six)).reservations[orphan]).toMatchObject({ status: 'released', releasedFor: 'order_not_placed' });
      // A placed order's reservation is left alone by the same check.
      const placed = await place(p, '6');
      expect(placed.status).toBe(200);
      await new Promise((r) => setTimeout(r, 2500));
      expect((await truth(six)).reservations[placed.body.order_id]).toMatchObject({ status: 'open' });
    });
  });

  describe('A sold-out piece is out of stock wherever the shop shows it', () => {
    it('should say in_stock false on its page, its card and in the in-stock filter once every variant is at 0, and true again with units back', async () => {
      const name = `Inventory Sold Out Pendant ${++pieces}`;
      const created = await t.request('POST', '/api/admin/products', {
        token,
        body: { name, price: 100, category: 'women-necklaces', variants: [{ options: {}, stock: 3 }] },
      });
      expect(created.status).toBe(201);
      const p: Piece = {
        id: created.body.id,
        name,
        price: 100,
        variants: (await t.request('GET', `/api/products/${created.body.id}`)).body.variants,
      };
      const only = p.variants[0].id;
      const listed = async (query: string) => {
        await expectEverythingProjected(t);
        const res = await t.request('GET', `/api/products?search=${encodeURIComponent(name)}&limit=5${query}`);
        expect(res.status).toBe(200);
        return res.body.products.filter((x: any) => x.id === p.id);
      };
      const etag = async () => (await t.request('GET', `/api/products?search=${encodeURIComponent(name)}&limit=5`)).headers.get('etag');
      expect((await t.request('GET', `/api/products/${p.id}`)).body).toMatchObject({ in_stock: true });
      expect(await listed('')).toEqual([expect.objectContaining({ in_stock: true })]);
      expect(await listed('&in_stock=true')).toHaveLength(1);
      expect(await listed('&in_stock=false')).toHaveLength(0);
      const before = await etag();

      // Three units, three sold.
      const sold = await t.request('POST', '/api/orders', { body: orderBody([{ p, variantId: only, quantity: 3 }], 'consultation') });
      expect(sold.status).toBe(200);
      await expectEverythingProjected(t);
      const page = (await t.request('GET', `/api/products/${p.id}`)).body;
      expect(page).toMatchObject({ in_stock: false, variants: [expect.objectContaining({ available: 0 })] });
      expect(await listed('')).toEqual([expect.objectContaining({ in_stock: false })]);
      expect(await listed('&in_stock=true')).toHaveLength(0);
      expect(await listed('&in_stock=false')).toHaveLength(1);
      // The catalogue's HTTP tag moved with the stock: a browser holding the old list is not told 304.
      const after = await etag();
      expect(after).not.toBe(before);
      expect(
        (await t.request('GET', `/api/products?search=${encodeURIComponent(name)}&limit=5`, { headers: { 'if-none-match': before! } }))
          .status,
      ).toBe(200);

      // One unit back: in stock again, in the list the cache kept too.
      const back = await t.request('POST', `/api/admin/inventory/variants/${only}/adjustments`, {
        token,
        body: { delta: 1, reason: 'Found in the safe' },
      });
      expect(back.status).toBe(200);
      expect((await t.request('GET', `/api/products/${p.id}`)).body).toMatchObject({ in_stock: true });
      expect(await listed('&in_stock=true')).toEqual([expect.objectContaining({ in_stock: true })]);
    });
  });

  describe('Staff: adjustments, returns, ledger and history', () => {
    it('should adjust by delta or to a count with a reason, never below the units reserved, and list it all in the ledger', async () => {
      const p = await ring(2);
      const six = variant(p, '6');
      const url = `/api/admin/inventory/variants/${six}`;
      const placed = await place(p, '6');
      const up = await t.request('POST', `${url}/adjustments`, { token, body: { delta: 3, reason: 'Delivery from the workshop' } });
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({ on_hand: 5, reserved: 1, available: 4 });
      const count = await t.request('POST', `${url}/adjustments`, { token, body: { set_to: 4, reason: 'Stocktake' } });
      expect(count.body).toMatchObject({ on_hand: 4, available: 3 });
      const below = await t.request('POST', `${url}/adjustments`, { token, body: { set_to: 0, reason: 'Lost' } });
      expect(below.status).toBe(409);
      for (const body of [
        { delta: 1 },
        { delta: 1, reason: '' },
        { delta: 1, reason: '\u200b' },
        { delta: 1, reason: 'a\u0000b' },
        { delta: 1, reason: 'a\ud800b' },
        { delta: 1, reason: 'x'.repeat(201) },
        { delta: 0, reason: 'none' },
        { delta: 1.5, reason: 'half' },
        { delta: 100_001, reason: 'many' },
        { set_to: -1, reason: 'negative' },
        { delta: 1, set_to: 2, reason: 'both' },
        { reason: 'neither' },
        { delta: '1', reason: 'text' },
      ]) {
        const res = await t.request('POST', `${url}/adjustments`, { token, body });
        expect([JSON.stringify(body).slice(0, 40), res.status]).toEqual([JSON.stringify(body).slice(0, 40), 400]);
      }
      expect((await t.request('POST', `${url}/adjustments`, { body: { delta: 1, reason: 'x' } })).status).toBe(401);
      expect((await t.request('GET', `/api/admin/inventory/variants/${variant(p, '7')}`, { token })).status).toBe(404);
      expect((await t.request('GET', `/api/admin/inventory/variants/${randomUUID()}/ledger`, { token })).status).toBe(404);

      const ledger = await t.request('GET', `${url}/ledger?limit=2`, { token });
      expect(ledger.headers.get('x-total-count')).toBe('4');
      expect(ledger.body).toMatchObject({ total: 4, page: 1, limit: 2 });
      expect(ledger.body.items).toEqual([
        expect.objectContaining({ kind: 'adjusted', quantity: -1, reason: 'Stocktake', on_hand_after: 4, available_after: 3 }),
        expect.objectContaining({ kind: 'adjusted', quantity: 3, reason: 'Delivery from the workshop', on_hand_after: 5 }),
      ]);
      expect(ledger.body.items[0].by).not.toBe('system');
      const page2 = await t.request('GET', `${url}/ledger?limit=2&page=2`, { token });
      expect(page2.body.items.map((m: any) => m.kind)).toEqual(['reserved', 'adjusted']);
      expect(page2.body.items[0]).toMatchObject({
        order_id: placed.body.order_id,
        order_reference: placed.body.order_id.slice(0, 8).toUpperCase(),
      });

      // Auditors see the variant as of any moment, through the same record history as every other record.
      const history = await t.request('GET', `/api/admin/audit/streams/variant-${six}?revision=1`, { token });
      expect(history.status).toBe(200);
      expect(history.body.state).toMatchObject({ onHand: 2, reserved: 1 });
    });

    it('should give a stocked variant listed without a count its first one through the adjustments route', async () => {
      const p = await ring(0);
      const six = variant(p, '6');
      expect((await t.request('GET', `/api/admin/inventory/variants/${six}`, { token })).body).toMatchObject({ on_hand: 0, available: 0 });
      const first = await t.request('POST', `/api/admin/inventory/variants/${six}/adjustments`, {
        token,
        body: { delta: 1, reason: 'Found in the safe' },
      });
      expect(first.status).toBe(200);
      expect((await place(p, '6')).status).toBe(200);
    });

    it('should answer 404 with the reason for a variant removed from its product or of a deleted product, keeping its ledger', async () => {
      const p = await ring(5);
      const six = variant(p, '6');
      expect(await counts(six)).toMatchObject({ available: 5, product_name: p.name, variant_label: 'Size 6' });
      const shown = (await t.request('GET', `/api/products/${p.id}`)).body;
      const edited = await t.request('PUT', `/api/admin/products/${p.id}`, {
        token,
        body: {
          options: [{ name: 'size', values: ['7', RING_SIZER_VALUE] }],
          variants: [
            { options: { size: '7' }, stock: null, lead_time_days: 10 },
            { options: { size: RING_SIZER_VALUE }, stock: null, is_default: true },
          ],
          version: shown.version,
        },
      });
      expect(edited.status).toBe(200);
      await expectEverythingProjected(t);
      const removed = await t.request('GET', `/api/admin/inventory/variants/${six}`, { token });
      expect(removed.status).toBe(404);
      expect(JSON.stringify(removed.body)).toMatch(/no longer listed in the catalogue/);
      expect(removed.body).not.toHaveProperty('available');
      expect((await t.request('GET', `/api/admin/inventory/variants/${six}/ledger`, { token })).status).toBe(200);

      const q = await ring(3);
      expect((await t.request('DELETE', `/api/admin/products/${q.id}`, { token })).status).toBe(200);
      await expectEverythingProjected(t);
      const gone = await t.request('GET', `/api/admin/inventory/variants/${variant(q, '6')}`, { token });
      expect(gone.status).toBe(404);
      expect(JSON.stringify(gone.body)).toMatch(/no longer listed in the catalogue/);
    });

    it('should put returned units back on hand, at most the paid units of the order named', async () => {
      const p = await ring(2);
      const six = variant(p, '6');
      const placed = await place(p, '6', { kind: 'card' });
      await pay(placed);
      await settles(six, { onHand: 1, reserved: 0 });
      const url = `/api/admin/inventory/variants/${six}/returns`;
      const back = await t.request('POST', url, {
        token,
        body: { order_id: placed.body.order_id, quantity: 1, reason: 'Returned unworn' },
      });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ on_hand: 2, available: 2 });
      expect((await t.request('POST', url, { token, body: { order_id: placed.body.order_id, quantity: 1, reason: 'Twice' } })).status).toBe(
        409,
      );
      expect((await t.request('POST', url, { token, body: { quantity: 1, reason: 'Found a spare' } })).body).toMatchObject({ on_hand: 3 });
      for (const body of [
        { quantity: 0, reason: 'r' },
        { quantity: 1 },
        { quantity: 1, reason: 'r', order_id: 'nope' },
        { quantity: 1, reason: '\udfff' },
      ]) {
        expect((await t.request('POST', url, { token, body })).status).toBe(400);
      }
    });

    it('should filter reservations by order and status, and refuse odd filters', async () => {
      const p = await ring(2);
      const placed = await place(p, '6');
      const mine = await t.request('GET', `/api/admin/inventory/reservations?order_id=${placed.body.order_id}`, { token });
      await expectEverythingProjected(t);
      const again = await t.request('GET', `/api/admin/inventory/reservations?order_id=${placed.body.order_id}`, { token });
      expect(mine.status).toBe(200);
      expect(again.body.items).toEqual([
        expect.objectContaining({ variant_id: variant(p, '6'), quantity: 1, status: 'open', product_id: p.id }),
      ]);
      for (const q of ['status=held', 'variant_id=x', 'order_id=%00', 'limit=0', 'page=01']) {
        expect((await t.request('GET', `/api/admin/inventory/reservations?${q}`, { token })).status).toBe(400);
      }
    });
  });

  describe('Random interleavings through the real store', () => {
    type Step =
      | { kind: 'order'; quantity: number; card: boolean }
      | { kind: 'cancel' | 'expire' | 'pay'; which: number }
      | { kind: 'restock'; delta: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('order' as const), quantity: fc.integer({ min: 1, max: 2 }), card: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('cancel' as const, 'expire' as const, 'pay' as const), which: fc.nat(9) }),
      fc.record({ kind: fc.constant('restock' as const), delta: fc.integer({ min: -2, max: 3 }) }),
    );

    it('should never leave available below zero or above on hand, and the read model agrees with the stream', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 5 }), async (rounds) => {
          const p = await ring(2);
          const six = variant(p, '6');
          const orders: { id: string; card: boolean; placed: TestResponse }[] = [];
          const act = async (s: Step) => {
            if (s.kind === 'order') {
              const res = await place(p, '6', { quantity: s.quantity, kind: s.card ? 'card' : 'consultation' });
              expect([200, 409]).toContain(res.status);
              if (res.status === 200) orders.push({ id: res.body.order_id, card: s.card, placed: res });
            } else if (s.kind === 'restock') {
              if (s.delta === 0) return;
              const res = await t.request('POST', `/api/admin/inventory/variants/${six}/adjustments`, {
                token,
                body: { delta: s.delta, reason: 'restock' },
              });
              expect([200, 409]).toContain(res.status);
            } else {
              const o = orders[s.which % Math.max(1, orders.length)];
              if (!o) return;
              if (s.kind === 'cancel') {
                await t.request('PUT', `/api/admin/orders/${o.id}`, { token, body: { status: o.card ? 'cancelled' : 'closed' } });
              } else if (s.kind === 'expire' && o.card) {
                await t.app.get(OrderExpiryWorker).process({ data: { order_id: o.id } } as Job);
              } else if (s.kind === 'pay' && o.card) {
                await pay(o.placed);
              }
            }
            const s2 = await truth(six);
            expect(available(s2)).toBeGreaterThanOrEqual(0);
            expect(s2.onHand).toBeGreaterThanOrEqual(s2.reserved);
          };
          // Each round's steps run at once.
          for (const round of rounds) await Promise.all(round.map(act));
          // Once the reactors are done, each order's reservation follows its fate.
          await expectEverythingProjected(t);
          await waitUntil(async () => {
            const s = await truth(six);
            const fates = await Promise.all(orders.map(async (o) => fold(order, await es.load<OrderEvent>(orderStream(o.id)))));
            return orders.every((o, i) => {
              const r = s.reservations[o.id];
              const st = fates[i];
              if (st.paidBySession) return r.status === 'confirmed';
              if (st.status === 'cancelled' || st.status === 'closed' || st.status === 'expired') return r.status === 'released';
              return r.status === 'open';
            });
          });
          await expectEverythingProjected(t);
          const s = await truth(six);
          expect(s.onHand).toBeGreaterThanOrEqual(s.reserved);
          expect(s.reserved).toBe(
            Object.values(s.reservations)
              .filter((r) => r.status === 'open')
              .reduce((n, r) => n + r.quantity, 0),
          );
          expect(await counts(six)).toMatchObject({ on_hand: s.onHand, reserved: s.reserved, available: available(s) });
        }),
        { numRuns: 6, seed: 1985 },
      );
    }, 240_000);
  });

  it('should rebuild the inventory read models equal to the live ones on replay (--compare: 0 differences)', async () => {
    await expectEverythingProjected(t);
    const result = await t.app.get(RunnersService).replay({ compare: true });
    expect(result.differences).toMatchObject({ variant_stock: 0, stock_ledger: 0, stock_reservations: 0 });
    expect(Object.entries(result.differences ?? {}).filter(([, n]) => n !== 0)).toEqual([]);
    expect(result.parked).toBe(0);
    expect(result.eventTypes).toEqual(
      expect.arrayContaining(['StockReserved', 'ReservationReleased', 'ReservationConfirmed', 'StockReturned']),
    );
  }, 120_000);
});
