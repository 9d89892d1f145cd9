import { Injectable } from '@nestjs/common';
import { assertNever, PaymentEvent } from '@facet/contracts';
import { FoldProjection, ReadModel, ReadModelProjection } from '../../platform/projections';

type AlertEvent = Extract<PaymentEvent, { type: 'ProviderEventReceived' | 'PaymentDisputed' }>;

/** A row of rm.payment_alerts. */
export interface PaymentAlertRow extends Record<string, unknown> {
  id: string;
  /** 'rejected': a well-signed notice not applied (problem in detail); 'dispute': the order's payment is disputed. */
  kind: 'rejected' | 'dispute';
  provider: string;
  event_type: string;
  session_id: string | null;
  order_id: string | null;
  detail: string;
  created_at: string;
}

/** rm.payment_alerts: what staff must look at, each notice that was not applied and each dispute (one row each). */
export const paymentAlertsReadModel: ReadModel<AlertEvent, PaymentAlertRow> = {
  name: 'payment_alerts',
  table: 'payment_alerts',
  key: 'id',
  eventTypes: ['ProviderEventReceived', 'PaymentDisputed'],
  keyOf: (event) =>
    event.type === 'PaymentDisputed'
      ? `dispute:${event.data.dispute_id}`
      : event.data.problem
        ? `${event.data.provider}:${event.data.event_id}`
        : null, // an applied notice is no alert
  evolve(row, event) {
    if (row) return row; // recorded once; a second copy changes nothing
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'PaymentDisputed': {
        const d = event.data;
        return {
          id: `dispute:${d.dispute_id}`,
          kind: 'dispute',
          provider: 'stripe',
          event_type: 'charge.dispute.created',
          session_id: d.session_id,
          order_id: d.order_id,
          detail: `Dispute ${d.dispute_id} opened on ${d.amount_cents} ${d.currency} (${d.reason}); answer it in the provider's dashboard.`,
          created_at: at,
        };
      }
      case 'ProviderEventReceived': {
        const d = event.data;
        return {
          id: `${d.provider}:${d.event_id}`,
          kind: 'rejected',
          provider: d.provider,
          event_type: d.event_type,
          session_id: d.session_id,
          order_id: d.order_id,
          detail: d.problem ?? '',
          created_at: at,
        };
      }
      default:
        return assertNever(event);
    }
  },
};

@Injectable()
@ReadModelProjection()
export class PaymentAlertsProjection extends FoldProjection<AlertEvent> {
  constructor() {
    super(paymentAlertsReadModel);
  }
}
