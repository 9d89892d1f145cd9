import type { PaymentEvent } from '@facet/contracts';
import { readModelSpec, recorded } from '../../testing/read-model-spec';
import { paymentAlertsReadModel } from './payment-alerts.projection';

type AlertEvent = Extract<PaymentEvent, { type: 'ProviderEventReceived' | 'PaymentDisputed' }>;

const alerts = readModelSpec(paymentAlertsReadModel);
const ORDER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const AT = '2026-03-01T10:00:00.000Z';
const receipt = (eventId: string, problem: string | null) =>
  recorded<AlertEvent>(
    {
      type: 'ProviderEventReceived',
      data: {
        provider: 'stripe',
        event_id: eventId,
        event_type: 'checkout.session.completed',
        session_id: 'cs_test_1',
        order_id: ORDER,
        applied: problem === null,
        problem,
      },
    },
    { occurredAt: AT },
  );
const disputed = recorded<AlertEvent>(
  {
    type: 'PaymentDisputed',
    data: { session_id: 'cs_test_1', order_id: ORDER, dispute_id: 'dp_1', amount_cents: 5000, currency: 'usd', reason: 'fraudulent' },
  },
  { occurredAt: AT },
);

describe('rm.payment_alerts', () => {
  it('should list a notice not applied with its problem, and no notice that was applied', () => {
    alerts.given(receipt('evt_ok', null), receipt('evt_bad', 'Stripe reported 1 usd for session cs_test_1')).thenRows([
      {
        id: 'stripe:evt_bad',
        kind: 'rejected',
        provider: 'stripe',
        event_type: 'checkout.session.completed',
        session_id: 'cs_test_1',
        order_id: ORDER,
        detail: 'Stripe reported 1 usd for session cs_test_1',
        created_at: AT,
      },
    ]);
  });

  it('should flag a disputed order once', () => {
    alerts.given(disputed, disputed).thenRowMatches('dispute:dp_1', {
      kind: 'dispute',
      order_id: ORDER,
      session_id: 'cs_test_1',
      detail: expect.stringMatching(/dp_1.*fraudulent/),
    });
  });
});
