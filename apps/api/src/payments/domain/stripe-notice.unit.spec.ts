import { fold } from '../../platform/event-store/decider';
import { stripeExpiresAt, toProviderSession } from '../provider/stripe-provider';
import { PaymentEvent, paymentSession } from './payment-session';
import { judgeCheckoutNotice, readChargeNotice, readCheckoutNotice, NOT_AN_ORDER_ID, STRIPE_EVENT_TYPE } from './stripe-notice';

const ORDER = '2b7d1f9e-5c1a-4c44-9f0e-0c1d2e3f4a5b';
const opened: PaymentEvent = {
  type: 'PaymentSessionOpened',
  data: {
    session_id: 'cs_test_1',
    order_id: ORDER,
    provider: 'stripe',
    amount_cents: 125_000,
    currency: 'usd',
    expires_at: '2030-01-01T00:00:00Z',
  },
};
const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  amount_total: 125_000,
  currency: 'usd',
  client_reference_id: ORDER,
  metadata: { order_id: ORDER },
  payment_status: 'paid',
  status: 'complete',
  ...over,
});
const judge = (type: string, over: Record<string, unknown> = {}, history: PaymentEvent[] = [opened]) =>
  judgeCheckoutNotice(fold(paymentSession, history), readCheckoutNotice(type, session(over))!);

describe('Stripe notices against the log', () => {
  it('should settle a completed, paid session and await an async one', () => {
    expect(judge('checkout.session.completed')).toEqual({
      kind: 'settle',
      outcome: { status: 'complete', paymentStatus: 'paid', method: 'card' },
    });
    expect(judge('checkout.session.completed', { payment_status: 'unpaid' })).toEqual({
      kind: 'none',
      note: 'awaiting an asynchronous payment',
    });
    expect(judge('checkout.session.async_payment_succeeded')).toMatchObject({ kind: 'settle', outcome: { paymentStatus: 'paid' } });
    expect(judge('checkout.session.async_payment_failed', { payment_status: 'unpaid' })).toMatchObject({
      kind: 'settle',
      outcome: { status: 'complete', paymentStatus: 'declined' },
    });
    expect(judge('checkout.session.expired', { status: 'expired', payment_status: 'unpaid' })).toEqual({
      kind: 'settle',
      outcome: { status: 'expired', paymentStatus: 'unpaid' },
    });
  });

  it('should refuse a session the shop never opened, another order, a wrong amount or currency, naming the problem', () => {
    expect(judge('checkout.session.completed', {}, [])).toMatchObject({ kind: 'problem', problem: expect.stringMatching(/never opened/) });
    const other = '0f0e0d0c-0b0a-4908-8706-050403020100';
    expect(judge('checkout.session.completed', { metadata: { order_id: other } })).toMatchObject({
      kind: 'problem',
      problem: expect.stringMatching(/named order 0f0e0d0c-.* belongs to order/),
    });
    expect(judge('checkout.session.completed', { metadata: { order_id: 'other' } })).toMatchObject({
      kind: 'problem',
      problem: expect.stringMatching(/named order \(not an order id\) .* belongs to order/),
    });
    expect(judge('checkout.session.completed', { amount_total: 1 })).toMatchObject({
      kind: 'problem',
      problem: expect.stringMatching(/reported 1 usd/),
    });
    expect(judge('checkout.session.completed', { currency: 'eur' })).toMatchObject({
      kind: 'problem',
      problem: expect.stringMatching(/125000 eur/),
    });
    expect(judge('checkout.session.completed', { amount_total: 125_000.5 })).toMatchObject({ kind: 'problem' });
    expect(judge('checkout.session.completed', { payment_status: 'no_payment_required' })).toMatchObject({ kind: 'problem' });
  });

  it('should read only well-formed objects of the type the event names', () => {
    expect(readCheckoutNotice('checkout.session.completed', session({ object: 'charge' }))).toBeNull();
    expect(readCheckoutNotice('checkout.session.completed', session({ id: "cs_1'; DROP" }))).toBeNull();
    expect(readCheckoutNotice('checkout.session.completed', null)).toBeNull();
    expect(readCheckoutNotice('customer.created', session())).toBeNull();
    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_1',
      amount: 500,
      amount_refunded: 500,
      refunded: true,
      currency: 'usd',
    };
    expect(readChargeNotice('charge.refunded', { ...charge, refunds: { data: [{ id: 're_1' }] } })).toMatchObject({
      paymentIntent: 'pi_1',
      fullyRefunded: true,
      refundId: 're_1',
      refundByShop: false,
    });
    // The newest refund first, as Stripe lists them; the shop's own carry metadata.session_id.
    const part = { ...charge, amount_refunded: 200, refunded: false };
    const refunds = {
      data: [
        { id: 're_2', metadata: { session_id: 'cs_1' } },
        { id: 're_1', metadata: {} },
      ],
    };
    expect(readChargeNotice('charge.refunded', { ...part, refunds })).toMatchObject({
      amountRefunded: 200,
      fullyRefunded: false,
      refundId: 're_2',
      refundByShop: true,
    });
    expect(readChargeNotice('charge.refunded', { ...charge, payment_intent: { id: 'pi_1' } })).toBeNull();
    expect(
      readChargeNotice('charge.dispute.created', { ...charge, object: 'dispute', id: 'dp_1', reason: 'fraudulent<script>' }),
    ).toMatchObject({
      objectId: 'dp_1',
      reason: 'unknown',
    });
  });

  it('should keep no string a notice carries that is not shaped as Stripe documents it (NUL, lone surrogates, markup)', () => {
    const hostile = ['us\u0000d', 'u\ud800d', 'x'.repeat(300), '<b>usd</b>', '', 42, null, { $gt: '' }, ['usd']];
    for (const bad of hostile) {
      const read = readCheckoutNotice(
        'checkout.session.completed',
        session({ currency: bad, payment_status: bad, metadata: { order_id: bad }, client_reference_id: bad }),
      );
      expect(read).toMatchObject({ currency: null, paymentStatus: null, orderId: typeof bad === 'string' && bad ? NOT_AN_ORDER_ID : null });
      expect(readCheckoutNotice('checkout.session.completed', session({ id: bad }))).toBeNull();
      const charge = {
        id: 'ch_1',
        object: 'charge',
        payment_intent: 'pi_1',
        amount: 500,
        currency: 'usd',
        refunds: { data: [{ id: bad }] },
      };
      expect(readChargeNotice('charge.refunded', { ...charge, currency: bad })).toBeNull();
      expect(readChargeNotice('charge.refunded', { ...charge, id: bad })).toBeNull();
      expect(readChargeNotice('charge.refunded', charge)).toMatchObject({ refundId: null });
      expect(readChargeNotice('charge.dispute.created', { ...charge, object: 'dispute', reason: bad })).toMatchObject({
        reason: 'unknown',
      });
    }
    // The event's own type: only Stripe's spelling is recorded (the handler answers 200 and records nothing else).
    expect(['charge.refunded', 'checkout.session.async_payment_failed', 'v2.core.event'].map((t) => STRIPE_EVENT_TYPE.test(t))).toEqual([
      true,
      true,
      false,
    ]);
    for (const bad of ['charge.refunded\u0000', 'charge', 'Charge.Refunded', 'a.'.repeat(60) + 'b', 'charge.refunded\ud800'])
      expect(STRIPE_EVENT_TYPE.test(bad)).toBe(false);
  });
});

describe('payment session decider: disputes', () => {
  const paid: PaymentEvent = {
    type: 'PaymentSucceeded',
    schemaVersion: 2,
    data: { session_id: 'cs_test_1', order_id: ORDER, amount_cents: 125_000, currency: 'usd', method: 'card', card_last_4: '4242' },
  };
  const dispute = { type: 'RecordDispute' as const, disputeId: 'dp_1', amountCents: 125_000, currency: 'usd', reason: 'fraudulent' };

  it('should record a dispute of a paid session once, and none of a session that took no money', () => {
    const [disputed] = paymentSession.decide(dispute, fold(paymentSession, [opened, paid]));
    expect(disputed).toEqual({
      type: 'PaymentDisputed',
      data: { session_id: 'cs_test_1', order_id: ORDER, dispute_id: 'dp_1', amount_cents: 125_000, currency: 'usd', reason: 'fraudulent' },
    });
    expect(paymentSession.decide(dispute, fold(paymentSession, [opened, paid, disputed]))).toEqual([]);
    expect(paymentSession.decide({ ...dispute, disputeId: 'dp_2' }, fold(paymentSession, [opened, paid, disputed]))).toHaveLength(1);
    expect(paymentSession.decide(dispute, fold(paymentSession, [opened]))).toEqual([]);
  });
});

describe('Stripe Checkout Sessions', () => {
  it("should keep expires_at within Stripe's 30 minutes to 24 hours", () => {
    const now = Date.UTC(2030, 0, 1);
    expect(stripeExpiresAt(now, new Date(now + 5 * 60_000)) * 1000).toBe(now + 31 * 60_000);
    expect(stripeExpiresAt(now, new Date(now + 2 * 3_600_000)) * 1000).toBe(now + 2 * 3_600_000);
    expect(stripeExpiresAt(now, new Date(now + 48 * 3_600_000)) * 1000).toBe(now + 24 * 3_600_000 - 60_000);
  });

  it('should read a session as the port does: paid, refunded, awaiting, failed async', () => {
    const base = { ...session(), expires_at: 1_900_000_000, payment_method_types: ['card'] } as any;
    const charge = (over: object) => ({
      status: 'succeeded',
      latest_charge: { refunded: false, payment_method_details: { type: 'card', card: { last4: '4242' } }, ...over },
    });
    expect(toProviderSession({ ...base, payment_intent: charge({}) })).toMatchObject({
      paymentStatus: 'paid',
      cardLast4: '4242',
      orderId: ORDER,
    });
    expect(toProviderSession({ ...base, payment_intent: charge({ refunded: true }) })).toMatchObject({ paymentStatus: 'refunded' });
    expect(toProviderSession({ ...base, payment_status: 'unpaid', payment_intent: { status: 'processing' } })).toMatchObject({
      status: 'complete',
      paymentStatus: 'unpaid',
    });
    expect(toProviderSession({ ...base, payment_status: 'unpaid', payment_intent: { status: 'requires_payment_method' } })).toMatchObject({
      paymentStatus: 'declined',
      reason: 'The payment did not go through.',
    });
    expect(toProviderSession({ ...base, status: 'open', payment_status: 'unpaid', payment_intent: null })).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
  });
});
