import { readEvent } from '@facet/contracts';
import { fold } from '../../platform/event-store/decider';
import { BadInputError, ConflictError } from '../../platform/domain/errors';
import { decider } from '../../testing/given-when-then';
import { outcomeMismatch, PaymentEvent, paymentSession } from './payment-session';

const opened: PaymentEvent = {
  type: 'PaymentSessionOpened',
  data: { session_id: 's1', order_id: 'o1', provider: 'sandbox', amount_cents: 5000, currency: 'usd', expires_at: '2030-01-01T00:00:00Z' },
};
const settle = (history: PaymentEvent[], outcome: any) => paymentSession.decide({ type: 'Settle', outcome }, fold(paymentSession, history));

describe('payment session decider', () => {
  it('should open a session once', () => {
    expect(paymentSession.decide({ type: 'OpenSession', data: opened.data }, fold(paymentSession, []))).toEqual([opened]);
    expect(() => paymentSession.decide({ type: 'OpenSession', data: opened.data }, fold(paymentSession, [opened]))).toThrow(ConflictError);
  });

  it('should record nothing while the session is open', () => {
    expect(settle([opened], { status: 'open', paymentStatus: 'unpaid' })).toEqual([]);
    expect(settle([], { status: 'complete', paymentStatus: 'paid' })).toEqual([]);
  });

  it('should record the first outcome only: paid, declined or expired', () => {
    const paid = settle([opened], { status: 'complete', paymentStatus: 'paid', method: 'card' });
    expect(paid).toEqual([
      {
        type: 'PaymentSucceeded',
        schemaVersion: 2,
        data: { session_id: 's1', order_id: 'o1', amount_cents: 5000, currency: 'usd', method: 'card', card_last_4: null },
      },
    ]);
    expect(settle([opened, ...paid], { status: 'complete', paymentStatus: 'paid' })).toEqual([]);
    expect(settle([opened, ...paid], { status: 'expired', paymentStatus: 'unpaid' })).toEqual([]);
    const declined = settle([opened], { status: 'complete', paymentStatus: 'declined', reason: 'Your card was declined.' });
    expect(declined).toEqual([{ type: 'PaymentFailed', data: { session_id: 's1', order_id: 'o1', reason: 'Your card was declined.' } }]);
    expect(settle([opened, ...declined], { status: 'complete', paymentStatus: 'declined' })).toEqual([]);
    const expired = settle([opened], { status: 'expired', paymentStatus: 'unpaid' });
    expect(expired).toEqual([{ type: 'PaymentExpired', data: { session_id: 's1', order_id: 'o1' } }]);
    expect(settle([opened, ...expired], { status: 'complete', paymentStatus: 'paid' })).toEqual([]);
  });

  it("should record the shopper's cancel as PaymentCancelled, not as a session that ran out, once", () => {
    const outcome = { status: 'expired', paymentStatus: 'unpaid', reason: 'Payment cancelled by the shopper', cancelled: true };
    const cancelled = settle([opened], outcome);
    expect(cancelled).toEqual([{ type: 'PaymentCancelled', data: { session_id: 's1', order_id: 'o1' } }]);
    expect(fold(paymentSession, [opened, ...cancelled]).outcome).toBe('cancelled');
    expect(settle([opened, ...cancelled], outcome)).toEqual([]);
    expect(settle([opened, ...cancelled], { status: 'complete', paymentStatus: 'paid' })).toEqual([]);
    // A session that ran out (or the shop ended) is still expired.
    expect(settle([opened], { status: 'expired', paymentStatus: 'unpaid', cancelled: false })[0].type).toBe('PaymentExpired');
  });

  it('should record the last four digits of the card the provider charged, and none for a bank transfer or an odd report', () => {
    const paid = (cardLast4: unknown, method = 'card') =>
      settle([opened], { status: 'complete', paymentStatus: 'paid', method, cardLast4 })[0].data as unknown as Record<string, unknown>;
    expect(paid('4242')).toMatchObject({ card_last_4: '4242', method: 'card' });
    expect(paid(null, 'bank_transfer')).toMatchObject({ card_last_4: null, method: 'bank_transfer' });
    for (const odd of [undefined, '', '424', '42424', 'abcd', '42\u00002', 4242]) expect(paid(odd)).toMatchObject({ card_last_4: null });
  });
});

describe('payment events as recorded before the charged card', () => {
  it('should read a version 1 PaymentSucceeded with no card', () => {
    const v1 = { session_id: 's1', order_id: 'o1', amount_cents: 5000, currency: 'usd', method: 'card' };
    expect(readEvent('PaymentSucceeded', 1, v1)).toEqual({ ...v1, card_last_4: null });
    expect(readEvent('PaymentSucceeded', 2, { ...v1, card_last_4: '4242' })).toEqual({ ...v1, card_last_4: '4242' });
    expect(readEvent('PaymentCancelled', 1, { session_id: 's1', order_id: 'o1' })).toEqual({ session_id: 's1', order_id: 'o1' });
    const paid = { order_id: 'o1', session_id: 's1', amount_cents: 5000, currency: 'usd' };
    expect(readEvent('OrderPaid', 1, paid)).toEqual({ ...paid, card_last_4: null });
  });
});

describe('a polled answer is checked as a webhook notice is (issue 51)', () => {
  const session = decider(paymentSession);
  const paid = { type: 'Settle' as const, outcome: { status: 'complete' as const, paymentStatus: 'paid' as const, method: 'card' } };

  it('never applies a charge of another amount or currency, and says why', () => {
    session
      .given(opened)
      .when({ ...paid, outcome: { ...paid.outcome, amountCents: 100, currency: 'usd' } })
      .then();
    session
      .given(opened)
      .when({ ...paid, outcome: { ...paid.outcome, amountCents: 5000, currency: 'eur' } })
      .then();
    expect(outcomeMismatch(session.given(opened).state(), { ...paid.outcome, amountCents: 100, currency: 'usd' })).toBe(
      'The provider reported 100 usd for session s1; the shop asked for 5000 usd. Not applied.',
    );
  });

  it('applies the same amount and currency (any case), and an answer that carries none', () => {
    const succeeded = {
      type: 'PaymentSucceeded' as const,
      schemaVersion: 2,
      data: { session_id: 's1', order_id: 'o1', amount_cents: 5000, currency: 'usd', method: 'card', card_last_4: null },
    };
    session
      .given(opened)
      .when({ ...paid, outcome: { ...paid.outcome, amountCents: 5000, currency: 'USD' } })
      .then(succeeded);
    session.given(opened).when(paid).then(succeeded);
    expect(outcomeMismatch(session.given(opened).state(), paid.outcome)).toBeNull();
  });
});

describe('staff refunds, whole or in part (issue 51)', () => {
  const session = decider(paymentSession);
  const paidEvent: PaymentEvent = {
    type: 'PaymentSucceeded',
    schemaVersion: 2,
    data: { session_id: 's1', order_id: 'o1', amount_cents: 5000, currency: 'usd', method: 'card', card_last_4: null },
  };
  const refund = (number: number, amountCents: number, refundId = `re_${number}`) => ({
    type: 'RecordStaffRefund' as const,
    number,
    refundId,
    amountCents,
    reason: 'Scratched clasp',
    by: 'staff-1',
    restock: false,
  });
  const refunded = (number: number, amount: number, total: number): PaymentEvent => ({
    type: 'PaymentRefunded',
    data: {
      session_id: 's1',
      order_id: 'o1',
      amount_cents: amount,
      currency: 'usd',
      refund_id: `re_${number}`,
      reason: 'Scratched clasp',
      refund_number: number,
      refunded_total_cents: total,
      by: 'staff-1',
      restock: false,
    },
  });

  it('records a part refund, then the rest, the session refunded only once the sum reaches what was captured', () => {
    session
      .given(opened, paidEvent)
      .when(refund(1, 1200))
      .then(refunded(1, 1200, 1200));
    expect(session.given(opened, paidEvent, refunded(1, 1200, 1200)).state()).toMatchObject({ outcome: 'paid', refundedCents: 1200 });
    session
      .given(opened, paidEvent, refunded(1, 1200, 1200))
      .when(refund(2, 3800))
      .then(refunded(2, 3800, 5000));
    expect(session.given(opened, paidEvent, refunded(1, 1200, 1200), refunded(2, 3800, 5000)).state()).toMatchObject({
      outcome: 'refunded',
      refundedCents: 5000,
      refunds: 2,
    });
  });

  it('never gives back more than was captured, nor refunds money not taken', () => {
    session
      .given(opened, paidEvent, refunded(1, 1200, 1200))
      .when(refund(2, 3801))
      .thenError(ConflictError, 'Only 3800 cents of the 5000 captured are left to refund; 3801 asked.');
    session
      .given(opened, paidEvent, refunded(1, 5000, 5000))
      .when(refund(2, 1))
      .thenError(ConflictError, 'This payment has been refunded in full already.');
    session.given(opened).when(refund(1, 100)).thenError(ConflictError, 'Only a payment that was taken can be refunded.');
    session
      .given(opened, paidEvent)
      .when(refund(1, 0))
      .thenError(BadInputError, /whole number of cents/, { field: 'amount' });
    session
      .given(opened, paidEvent)
      .when(refund(1, 1.5))
      .thenError(BadInputError, /whole number of cents/, { field: 'amount' });
  });

  it('records a refund id once, and refuses a refund number another request took', () => {
    session
      .given(opened, paidEvent, refunded(1, 1200, 1200))
      .when(refund(1, 1200))
      .then();
    session
      .given(opened, paidEvent, refunded(1, 1200, 1200))
      .when(refund(1, 1200, 're_other'))
      .thenError(ConflictError, /taken by another request/);
  });

  it("records a part refund made at the provider (Stripe's dashboard) as what its refunded total moved, once", () => {
    const atStripe = (refundId: string, total: number) => ({
      type: 'RecordProviderPartRefund' as const,
      refundId,
      refundedTotalCents: total,
      reason: 'Refunded in part at Stripe.',
    });
    const recorded = (refundId: string, amount: number, total: number): PaymentEvent => ({
      type: 'PaymentRefunded',
      data: {
        session_id: 's1',
        order_id: 'o1',
        amount_cents: amount,
        currency: 'usd',
        refund_id: refundId,
        reason: 'Refunded in part at Stripe.',
        refunded_total_cents: total,
      },
    });
    session
      .given(opened, paidEvent)
      .when(atStripe('re_d1', 700))
      .then(recorded('re_d1', 700, 700));
    // After a staff refund of 1200, Stripe's total of 1900 is 700 more.
    session
      .given(opened, paidEvent, refunded(1, 1200, 1200))
      .when(atStripe('re_d1', 1900))
      .then(recorded('re_d1', 700, 1900));
    expect(session.given(opened, paidEvent, recorded('re_d1', 700, 700)).state()).toMatchObject({
      outcome: 'paid',
      refundedCents: 700,
      refunds: 1,
      refundIds: ['re_d1'],
    });
    // The same notice again, an older notice (a total already reached), a session not paid: nothing.
    session
      .given(opened, paidEvent, recorded('re_d1', 700, 700))
      .when(atStripe('re_d1', 700))
      .then();
    session
      .given(opened, paidEvent, recorded('re_d2', 900, 900))
      .when(atStripe('re_d1', 700))
      .then();
    session.given(opened).when(atStripe('re_d1', 700)).then();
    // A total reaching the payment is a whole refund (RecordRefund), never a part one.
    session.given(opened, paidEvent).when(atStripe('re_d1', 5000)).then();
  });

  it('gives back only what is left when the whole payment is refunded after a part refund (a cancel)', () => {
    const events = session
      .given(opened, paidEvent, refunded(1, 1200, 1200))
      .when({ type: 'RecordRefund', refundId: 're_rest', reason: 'The order was cancelled.' })
      .events();
    expect(events).toEqual([
      expect.objectContaining({
        type: 'PaymentRefunded',
        data: expect.objectContaining({ amount_cents: 3800, refunded_total_cents: 5000 }),
      }),
    ]);
  });
});

describe('refunds that restock: the lines that came back, never more than was bought (issue 51)', () => {
  const session = decider(paymentSession);
  const paidEvent: PaymentEvent = {
    type: 'PaymentSucceeded',
    schemaVersion: 2,
    data: { session_id: 's1', order_id: 'o1', amount_cents: 5000, currency: 'usd', method: 'card', card_last_4: null },
  };
  /** The order bought 2 of the ring's size 6 and 1 of the pendant. */
  const ordered = { 'v-ring-6': 2, 'v-pendant': 1 };
  const restock = (number: number, lines: unknown, refundId = `re_${number}`) => ({
    type: 'RecordStaffRefund' as const,
    number,
    refundId,
    amountCents: 100,
    reason: 'Came back',
    by: 'staff-1',
    restock: true,
    restockLines: lines as any,
    ordered,
  });
  const restocked = (number: number, lines: { variant_id: string; quantity: number }[]): PaymentEvent => ({
    type: 'PaymentRefunded',
    data: {
      session_id: 's1',
      order_id: 'o1',
      amount_cents: 100,
      currency: 'usd',
      refund_id: `re_${number}`,
      reason: 'Came back',
      refund_number: number,
      refunded_total_cents: 100 * number,
      by: 'staff-1',
      restock: true,
      restock_lines: lines,
    },
  });

  it('records the lines that came back on the refund, and folds them per variant', () => {
    session
      .given(opened, paidEvent)
      .when(restock(1, [{ variant_id: 'v-ring-6', quantity: 1 }]))
      .then(restocked(1, [{ variant_id: 'v-ring-6', quantity: 1 }]));
    const lines = [
      { variant_id: 'v-ring-6', quantity: 1 },
      { variant_id: 'v-pendant', quantity: 1 },
    ];
    expect(
      session.given(opened, paidEvent, restocked(1, [{ variant_id: 'v-ring-6', quantity: 1 }]), restocked(2, lines)).state().restocked,
    ).toEqual({ 'v-ring-6': 2, 'v-pendant': 1 });
  });

  it('refuses every bad lines with a 400 naming lines', () => {
    const bad: [unknown, RegExp][] = [
      [undefined, /must name the order lines/],
      [[], /must name the order lines/],
      ['v-ring-6', /must name the order lines/],
      [[null], /variant_id must name a line/],
      [[{ quantity: 1 }], /variant_id must name a line/],
      [[{ variant_id: 7, quantity: 1 }], /variant_id must name a line/],
      [
        [
          { variant_id: 'v-ring-6', quantity: 1 },
          { variant_id: 'v-ring-6', quantity: 1 },
        ],
        /twice/,
      ],
      [[{ variant_id: 'v-other', quantity: 1 }], /which this order did not buy/],
      [[{ variant_id: '__proto__', quantity: 1 }], /which this order did not buy/],
      [[{ variant_id: 'v-ring-6', quantity: 0 }], /at least 1/],
      [[{ variant_id: 'v-ring-6', quantity: 1.5 }], /at least 1/],
      [[{ variant_id: 'v-ring-6', quantity: '1' }], /at least 1/],
      [[{ variant_id: 'v-ring-6', quantity: 3 }], /asks 3 units of variant v-ring-6 back; 2 of the 2 bought are left/],
      [[{ variant_id: 'v-ring-6', quantity: 1e300 }], /whole number of units/],
      [[{ variant_id: 'v-ring-6', quantity: Number.MAX_SAFE_INTEGER }], /left to restock/],
      [Array.from({ length: 101 }, (_, i) => ({ variant_id: `v${i}`, quantity: 1 })), /at most 100 lines/],
    ];
    for (const [lines, message] of bad) {
      session.given(opened, paidEvent).when(restock(1, lines)).thenError(BadInputError, message, { field: 'lines' });
    }
  });

  it('caps the units across refunds: what was bought less what earlier refunds restocked', () => {
    const first = restocked(1, [{ variant_id: 'v-ring-6', quantity: 1 }]);
    session
      .given(opened, paidEvent, first)
      .when(restock(2, [{ variant_id: 'v-ring-6', quantity: 2 }]))
      .thenError(BadInputError, /1 of the 2 bought are left to restock/, { field: 'lines' });
    session
      .given(opened, paidEvent, first)
      .when(restock(2, [{ variant_id: 'v-ring-6', quantity: 1 }]))
      .then(restocked(2, [{ variant_id: 'v-ring-6', quantity: 1 }]));
    session
      .given(opened, paidEvent, first, restocked(2, [{ variant_id: 'v-ring-6', quantity: 1 }]))
      .when(restock(3, [{ variant_id: 'v-ring-6', quantity: 1 }]))
      .thenError(BadInputError, /0 of the 2 bought are left/, { field: 'lines' });
    // Refunds without restock (and refunds recorded before lines were named) restock nothing.
    const { restock_lines: _lines, ...olderData } = (first as Extract<PaymentEvent, { type: 'PaymentRefunded' }>).data;
    const older: PaymentEvent = { type: 'PaymentRefunded', data: olderData };
    expect(session.given(opened, paidEvent, older).state().restocked).toEqual({});
  });

  it('records no lines on a refund without restock, whatever lines it carries', () => {
    const events = session
      .given(opened, paidEvent)
      .when({ ...restock(1, [{ variant_id: 'v-ring-6', quantity: 9 }]), restock: false })
      .events();
    expect(events[0].data).not.toHaveProperty('restock_lines');
    expect(events[0].data).toMatchObject({ restock: false });
  });
});
