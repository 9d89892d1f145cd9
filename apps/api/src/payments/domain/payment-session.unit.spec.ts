import { fold } from '../../platform/event-store/decider';
import { ConflictError } from '../../platform/domain/errors';
import { PaymentEvent, paymentSession } from './payment-session';

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
      { type: 'PaymentSucceeded', data: { session_id: 's1', order_id: 'o1', amount_cents: 5000, currency: 'usd', method: 'card' } },
    ]);
    expect(settle([opened, ...paid], { status: 'complete', paymentStatus: 'paid' })).toEqual([]);
    expect(settle([opened, ...paid], { status: 'expired', paymentStatus: 'unpaid' })).toEqual([]);
    const declined = settle([opened], { status: 'complete', paymentStatus: 'declined', reason: 'Your card was declined.' });
    expect(declined).toEqual([{ type: 'PaymentFailed', data: { session_id: 's1', order_id: 'o1', reason: 'Your card was declined.' } }]);
    expect(settle([opened, ...declined], { status: 'complete', paymentStatus: 'declined' })).toEqual([]);
    const expired = settle([opened], { status: 'expired', paymentStatus: 'unpaid' });
    expect(expired).toEqual([{ type: 'PaymentExpired', data: { session_id: 's1', order_id: 'o1' } }]);
    expect(settle([opened, ...expired], { status: 'complete', paymentStatus: 'paid' })).toEqual([]);
    // Cancelled by the shopper: the provider's reason goes with it, for the order's history.
    expect(settle([opened], { status: 'expired', paymentStatus: 'unpaid', reason: 'Payment cancelled by the shopper' })).toEqual([
      { type: 'PaymentExpired', data: { session_id: 's1', order_id: 'o1', reason: 'Payment cancelled by the shopper' } },
    ]);
  });
});
