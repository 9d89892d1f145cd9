import type { PaymentEvent } from '@facet/contracts';
import { readModelSpec, recorded } from '../../testing/read-model-spec';
import { PaymentSessionRow, paymentSessionsReadModel } from './payment-sessions.projection';

const sessions = readModelSpec(paymentSessionsReadModel);
const ID = 'cs_test_123';
const ORDER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-01T10:05:00.000Z';
const event = (type: PaymentEvent['type'], data: Record<string, unknown> = {}, occurredAt = LATER) =>
  recorded<PaymentEvent>({ type, data: { session_id: ID, order_id: ORDER, ...data } }, { occurredAt });
const opened = (over: Record<string, unknown> = {}) =>
  event(
    'PaymentSessionOpened',
    { provider: 'sandbox', amount_cents: 785000, currency: 'USD', expires_at: '2026-03-01T10:30:00.000Z', ...over },
    AT,
  );

const open: PaymentSessionRow = {
  id: ID,
  order_id: ORDER,
  provider: 'sandbox',
  status: 'open',
  payment_status: 'unpaid',
  amount_cents: 785000,
  currency: 'USD',
  expires_at: '2026-03-01T10:30:00.000Z',
  created_at: AT,
  settled_at: null,
};

describe('rm.payment_sessions as a fold', () => {
  it('should open a session, the first of two openings staying', () => {
    sessions.given(opened()).thenRow(ID, open);
    sessions.given(opened(), opened({ amount_cents: 1 })).thenRow(ID, open);
  });

  it('should keep an amount beyond what JavaScript holds exactly as its digits', () => {
    sessions.given(opened({ amount_cents: '9223372036854775807' })).thenRowMatches(ID, { amount_cents: '9223372036854775807' });
  });

  it.each([
    ['PaymentSucceeded', 'complete', 'paid', LATER],
    ['PaymentFailed', 'complete', 'failed', LATER],
    ['PaymentExpired', 'expired', 'expired', LATER],
    ['PaymentCancelled', 'expired', 'cancelled', LATER],
    ['PaymentRefunded', 'open', 'refunded', null],
  ] as const)('should settle a session on %s (%s, %s)', (type, status, paymentStatus, settledAt) => {
    sessions.given(opened(), event(type)).thenRow(ID, { ...open, status, payment_status: paymentStatus, settled_at: settledAt });
  });

  it('should make no row of the end of a session it does not have', () => {
    sessions.given(event('PaymentSucceeded')).thenNoRow(ID);
  });
});
