import { fold } from '../../platform/event-store/decider';
import { decider } from '../../testing/given-when-then';
import { BadInputError, ConflictError, NotFoundError } from '../../platform/domain/errors';
import { canOpenPaymentSession, order, OrderEvent, OrderRequestedData } from './order';

const requested = (over: Partial<OrderRequestedData> = {}): OrderRequestedData => ({
  order_id: 'o1',
  kind: 'card',
  status: 'pending',
  payment_status: 'unpaid',
  customer_id: null,
  subject_id: 'email:a@b.co',
  shipping: {
    first_name: 'A',
    last_name: 'B',
    email: 'a@b.co',
    phone: '',
    address: '',
    apartment: '',
    city: '',
    state: '',
    zip_code: '',
    country: 'US',
  },
  payment: { card_name: 'A B', last_4: '4242' },
  items: [{ product_id: 'p1', product_name: 'Ring', image: '/r.svg', unit_price_cents: 10_000, quantity: 1 }],
  subtotal_cents: 10_000,
  shipping_cents: 2_500,
  tax_cents: 800,
  total_cents: 13_300,
  ...over,
});

const run = (history: OrderEvent[], command: Parameters<typeof order.decide>[0]) => order.decide(command, fold(order, history));
const consultation = (): Extract<OrderEvent, { type: 'OrderRequested' }> => ({
  type: 'OrderRequested',
  data: requested({ kind: 'consultation', status: 'consultation_requested', payment_status: 'pending_consultation' }),
});
const cardOrder = (): OrderEvent => ({ type: 'OrderRequested', data: requested() });

describe('order decider', () => {
  it('should accept only a consultation request or an unpaid card order as a new order', () => {
    expect(run([], { type: 'RequestOrder', data: requested() })).toHaveLength(1);
    expect(run([], { type: 'RequestOrder', data: consultation().data })).toHaveLength(1);
    expect(() => run([], { type: 'RequestOrder', data: requested({ status: 'processing', payment_status: 'paid' }) })).toThrow(
      ConflictError,
    );
    expect(() => run([], { type: 'RequestOrder', data: requested({ payment_status: 'paid' }) })).toThrow(ConflictError);
    expect(() => run([cardOrder()], { type: 'RequestOrder', data: requested() })).toThrow(ConflictError);
    expect(() => run([], { type: 'RequestOrder', data: requested({ items: [] }) })).toThrow(ConflictError);
  });

  it('should move a consultation request along ORDER_TRANSITIONS and refuse other moves', () => {
    const h: OrderEvent[] = [consultation()];
    const move = (to: any) => run(h, { type: 'ChangeStatus', orderId: 'o1', to, note: '', by: 'staff:1' });
    expect(move('contacted')).toEqual([
      {
        type: 'OrderStatusChanged',
        data: { order_id: 'o1', from: 'consultation_requested', to: 'contacted', note: '', by: 'staff:1', subject_id: 'email:a@b.co' },
      },
    ]);
    expect(() => move('quoted')).toThrow(/cannot move from consultation_requested to quoted/);
    expect(() => move('shipped')).toThrow(ConflictError);
    h.push(...move('contacted'));
    expect(() => run([], { type: 'ChangeStatus', orderId: 'o1', to: 'contacted', note: '', by: 'x' })).toThrow(NotFoundError);
    expect(run(h, { type: 'ChangeStatus', orderId: 'o1', to: 'contacted', note: '', by: 'x' })).toEqual([]);
    const closed = [...h, ...run(h, { type: 'ChangeStatus', orderId: 'o1', to: 'closed', note: '', by: 'x' })];
    expect(() => run(closed, { type: 'ChangeStatus', orderId: 'o1', to: 'contacted', note: '', by: 'x' })).toThrow(ConflictError);
  });

  it('should record a payment once per session and move the order to processing', () => {
    const h: OrderEvent[] = [cardOrder()];
    const pay = (sessionId: string) => ({ type: 'RecordPayment' as const, orderId: 'o1', sessionId, amountCents: 13_300, currency: 'usd' });
    const paid = run(h, pay('s1'));
    expect(paid).toEqual([
      {
        type: 'OrderPaid',
        schemaVersion: 2,
        data: { order_id: 'o1', session_id: 's1', amount_cents: 13_300, currency: 'usd', card_last_4: null },
      },
    ]);
    const after = [...h, ...paid];
    expect(fold(order, after)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(run(after, pay('s1'))).toEqual([]);
    // A second session's money on a paid order is rejected (to be refunded), once.
    const rejected = run(after, pay('s2'));
    expect(rejected).toEqual([
      {
        type: 'OrderPaymentRejected',
        data: {
          order_id: 'o1',
          session_id: 's2',
          amount_cents: 13_300,
          currency: 'usd',
          reason: 'The order was already paid by another session.',
        },
      },
    ]);
    expect(run([...after, ...rejected], pay('s2'))).toEqual([]);
    expect(fold(order, [...after, ...rejected])).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(canOpenPaymentSession(fold(order, after))).toBe(false);
    expect(run([consultation()], pay('s1'))[0].type).toBe('OrderPaymentRejected');
  });

  it('should record the card the provider charged with the payment, never the last four the order was placed with', () => {
    // Placed with 0002 typed (a declined card), paid through another session with 4242.
    const h: OrderEvent[] = [{ type: 'OrderRequested', data: requested({ payment: { card_name: 'A B', last_4: '0002' } }) }];
    const pay = (cardLast4: unknown) =>
      run(h, {
        type: 'RecordPayment',
        orderId: 'o1',
        sessionId: 's2',
        amountCents: 13_300,
        currency: 'usd',
        cardLast4: cardLast4 as string,
      });
    expect(pay('4242')).toEqual([
      {
        type: 'OrderPaid',
        schemaVersion: 2,
        data: { order_id: 'o1', session_id: 's2', amount_cents: 13_300, currency: 'usd', card_last_4: '4242' },
      },
    ]);
    // Anything but four digits (a bank transfer's null, a provider's oddity) records no card.
    for (const odd of [null, undefined, '', '42', '42424', '４２４２', '42\u00004'])
      expect(pay(odd)[0].data).toMatchObject({ card_last_4: null });
  });

  it('should record a cancel by the shopper as a cancelled payment, the order awaiting payment and payable again', () => {
    const h: OrderEvent[] = [cardOrder()];
    const cancel = {
      type: 'RecordPaymentFailure' as const,
      orderId: 'o1',
      sessionId: 's1',
      paymentStatus: 'cancelled' as const,
      reason: 'Payment cancelled by the shopper',
    };
    const cancelled = run(h, cancel);
    expect(cancelled).toEqual([
      {
        type: 'OrderPaymentFailed',
        data: { order_id: 'o1', session_id: 's1', payment_status: 'cancelled', reason: 'Payment cancelled by the shopper' },
      },
    ]);
    const after = [...h, ...cancelled];
    expect(fold(order, after)).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'cancelled' });
    expect(canOpenPaymentSession(fold(order, after))).toBe(true);
    expect(run(after, cancel)).toEqual([]);
  });

  it('should refund money that lands on a cancelled or expired order', () => {
    const pay = { type: 'RecordPayment' as const, orderId: 'o1', sessionId: 's1', amountCents: 13_300, currency: 'usd' };
    const cancelled: OrderEvent[] = [
      cardOrder(),
      { type: 'OrderStatusChanged', data: { order_id: 'o1', from: 'pending', to: 'cancelled', note: '', by: 'x' } },
    ];
    const r = run(cancelled, pay);
    expect(r[0]).toMatchObject({ type: 'OrderPaymentRejected', data: { reason: 'The order is cancelled and can no longer be paid.' } });
    expect(fold(order, [...cancelled, ...r])).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const expired = [cardOrder(), ...run([cardOrder()], { type: 'Expire', orderId: 'o1', reason: 'Not paid in time' })];
    expect(fold(order, expired)).toMatchObject({ status: 'expired', paymentStatus: 'expired' });
    expect(run(expired, pay)[0].type).toBe('OrderPaymentRejected');
    expect(run(expired, { type: 'Expire', orderId: 'o1', reason: 'again' })).toEqual([]);
  });

  it('should keep at most one open checkout session per order', () => {
    const open = (sessionId: string, replaces: string | null) => ({
      type: 'OpenCheckout' as const,
      orderId: 'o1',
      sessionId,
      url: `u/${sessionId}`,
      expiresAt: '2030-01-01T00:00:00Z',
      replaces,
    });
    const h: OrderEvent[] = [cardOrder()];
    const first = [...h, ...run(h, open('s1', null))];
    expect(fold(order, first).openSession).toEqual({ id: 's1', url: 'u/s1', expiresAt: '2030-01-01T00:00:00Z' });
    // A second opener that saw no session loses; one that saw s1 (and found it ended) replaces it.
    expect(() => run(first, open('s2', null))).toThrow(/opened meanwhile/);
    const second = [...first, ...run(first, open('s2', 's1'))];
    expect(fold(order, second).openSession?.id).toBe('s2');
    // A session the order never handed out says nothing about it.
    expect(run(second, { type: 'RecordPaymentFailure', orderId: 'o1', sessionId: 'stray', paymentStatus: 'expired', reason: 'x' })).toEqual(
      [],
    );
    const paid = [...second, ...run(second, { type: 'RecordPayment', orderId: 'o1', sessionId: 's2', amountCents: 1, currency: 'usd' })];
    expect(() => run(paid, open('s3', null))).toThrow(/already paid/);
  });

  it('should mark a failed or expired payment once and leave the order awaiting payment', () => {
    const h: OrderEvent[] = [cardOrder()];
    const fail = {
      type: 'RecordPaymentFailure' as const,
      orderId: 'o1',
      sessionId: 's1',
      paymentStatus: 'failed' as const,
      reason: 'declined',
    };
    const failed = [...h, ...run(h, fail)];
    expect(fold(order, failed)).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'failed' });
    expect(run(failed, fail)).toEqual([]);
    expect(canOpenPaymentSession(fold(order, failed))).toBe(true);
    const cancelled = [...h, ...run(h, { type: 'ChangeStatus', orderId: 'o1', to: 'cancelled', note: '', by: 'x' })];
    expect(run(cancelled, fail)).toEqual([]);
    expect(canOpenPaymentSession(fold(order, cancelled))).toBe(false);
  });

  it('should ship only with a carrier and tracking number, share a note only when asked, and replay older events without them', () => {
    const paid: OrderEvent[] = [
      cardOrder(),
      { type: 'OrderPaid', data: { order_id: 'o1', session_id: 's1', amount_cents: 13_300, currency: 'usd', card_last_4: null } },
    ];
    const ship = (extra: object) =>
      run(paid, { type: 'ChangeStatus', orderId: 'o1', to: 'shipped', note: 'Boxed', by: 'staff:1', ...extra });
    expect(() => ship({})).toThrow(BadInputError);
    expect(() => ship({ shipment: { carrier: 'pigeon', tracking_number: '1Z999AA10123456784' } })).toThrow(BadInputError);
    expect(() => ship({ shipment: { carrier: 'ups', tracking_number: '1z 999' } })).toThrow(BadInputError);
    const [shipped] = ship({ shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784' }, shared: true });
    expect(shipped.data).toMatchObject({
      to: 'shipped',
      shared: true,
      shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784' },
    });
    // Not shared: no field at all, as on every note before issue 41.
    const [note] = run([...paid, shipped], { type: 'ChangeStatus', orderId: 'o1', to: 'shipped', note: 'Private', by: 'staff:1' });
    expect(note).toEqual(expect.objectContaining({ type: 'OrderNoteAdded' }));
    expect(note.data).not.toHaveProperty('shared');
    expect(() =>
      run(paid, {
        type: 'ChangeStatus',
        orderId: 'o1',
        to: 'cancelled',
        note: '',
        by: 'staff:1',
        shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784' },
      }),
    ).toThrow(BadInputError);
    // An event recorded before issue 41 (no shipment, no shared) still folds: the order is shipped and may be delivered.
    const old: OrderEvent = {
      type: 'OrderStatusChanged',
      data: { order_id: 'o1', from: 'processing', to: 'shipped', note: '', by: 'staff:1' },
    };
    expect(fold(order, [...paid, old]).status).toBe('shipped');
    expect(run([...paid, old], { type: 'ChangeStatus', orderId: 'o1', to: 'delivered', note: '', by: 'staff:1' })).toHaveLength(1);
  });
});

describe('a consultation request’s hold (issue 49)', () => {
  const lapse = { type: 'LapseHold' as const, orderId: 'o1', heldSince: '2026-01-01T00:00:00.000Z', holdHours: 72 };
  const moved = (to: 'contacted' | 'closed' | 'converted', from = 'consultation_requested'): OrderEvent =>
    ({ type: 'OrderStatusChanged', data: { order_id: 'o1', from, to, note: '', by: 'staff-1' } }) as OrderEvent;

  it('lapses an open, unconfirmed request once, leaving it open', () => {
    const events = run([consultation()], lapse);
    expect(events).toEqual([
      { type: 'ConsultationHoldLapsed', data: { order_id: 'o1', held_since: '2026-01-01T00:00:00.000Z', hold_hours: 72 } },
    ]);
    const after = fold(order, [consultation(), ...events]);
    expect(after.status).toBe('consultation_requested');
    expect(after.hold).toBe('lapsed');
    expect(run([consultation(), ...events], lapse)).toEqual([]);
  });

  it('does not lapse a hold staff confirmed, and records who confirmed it (once)', () => {
    const confirmed = run([consultation()], { type: 'ConfirmHold', orderId: 'o1', by: 'staff-1' });
    expect(confirmed).toEqual([{ type: 'ConsultationHoldConfirmed', data: { order_id: 'o1', by: 'staff-1' } }]);
    expect(run([consultation(), ...confirmed], lapse)).toEqual([]);
    expect(run([consultation(), ...confirmed], { type: 'ConfirmHold', orderId: 'o1', by: 'staff-2' })).toEqual([]);
  });

  it('does not lapse a request converted or closed, nor a card order; a contacted one still lapses', () => {
    expect(run([consultation(), moved('closed')], lapse)).toEqual([]);
    expect(run([cardOrder()], lapse)).toEqual([]);
    expect(run([consultation(), moved('contacted')], lapse)).toHaveLength(1);
  });

  it('refuses to confirm a lapsed hold, a closed request, a card order or an unknown order', () => {
    const lapsed = [consultation(), ...run([consultation()], lapse)];
    expect(() => run(lapsed, { type: 'ConfirmHold', orderId: 'o1', by: 's' })).toThrow(ConflictError);
    expect(() => run([consultation(), moved('closed')], { type: 'ConfirmHold', orderId: 'o1', by: 's' })).toThrow(ConflictError);
    expect(() => run([cardOrder()], { type: 'ConfirmHold', orderId: 'o1', by: 's' })).toThrow(ConflictError);
    expect(() => run([], { type: 'ConfirmHold', orderId: 'o1', by: 's' })).toThrow(NotFoundError);
  });
});

describe('a whole refund made at the provider (issue 51)', () => {
  const o = decider(order);
  const paid: OrderEvent = {
    type: 'OrderPaid',
    schemaVersion: 2,
    data: { order_id: 'o1', session_id: 's1', amount_cents: 13_300, currency: 'usd', card_last_4: null },
  };
  const refund = (sessionId = 's1') => ({
    type: 'RecordProviderRefund' as const,
    orderId: 'o1',
    sessionId,
    amountCents: 13_300,
    currency: 'usd',
    reason: 'Refunded at Stripe.',
    by: 'stripe',
  });
  const refundRequested: OrderEvent = {
    type: 'OrderRefundRequested',
    data: { order_id: 'o1', session_id: 's1', amount_cents: 13_300, currency: 'usd', reason: 'Refunded at Stripe.' },
  };

  it('cancels a paid order and marks its payment refunded, as a staff cancel does, once', () => {
    const events = o
      .given(cardOrder(), paid)
      .when(refund())
      .then(
        {
          type: 'OrderStatusChanged',
          data: {
            order_id: 'o1',
            from: 'processing',
            to: 'cancelled',
            note: 'Refunded at Stripe.',
            by: 'stripe',
            subject_id: 'email:a@b.co',
          },
        },
        refundRequested,
      );
    expect(o.given(cardOrder(), paid, ...events).state()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    o.given(cardOrder(), paid, ...events)
      .when(refund())
      .then();
  });

  it('marks a shipped order refunded without moving it, and ignores a session that did not pay the order', () => {
    const shipped: OrderEvent = {
      type: 'OrderStatusChanged',
      data: { order_id: 'o1', from: 'processing', to: 'shipped', note: '', by: 'x' },
    };
    o.given(cardOrder(), paid, shipped).when(refund()).then(refundRequested);
    o.given(cardOrder(), paid).when(refund('s2')).then();
    o.given(cardOrder()).when(refund()).then();
    o.given().when(refund()).thenError(NotFoundError, 'Resource not found');
  });
});

describe('staff refunds by sum (issue 51)', () => {
  const o = decider(order);
  const paid: OrderEvent = {
    type: 'OrderPaid',
    schemaVersion: 2,
    data: { order_id: 'o1', session_id: 's1', amount_cents: 13_300, currency: 'usd', card_last_4: null },
  };
  const refunded = (total: number) => ({
    type: 'RecordProviderRefund' as const,
    orderId: 'o1',
    sessionId: 's1',
    amountCents: 300,
    currency: 'usd',
    reason: 'Scratched clasp',
    by: 'staff-1',
    refundedTotalCents: total,
  });

  it('moves nothing on a part refund, and cancels the order once the refunds add up to what it paid', () => {
    o.given(cardOrder(), paid).when(refunded(13_000)).then();
    const events = o.given(cardOrder(), paid).when(refunded(13_300)).events();
    expect(events.map((e) => e.type)).toEqual(['OrderStatusChanged', 'OrderRefundRequested']);
    expect(events[1].data).toMatchObject({ amount_cents: 13_300, reason: 'Scratched clasp' });
  });
});
