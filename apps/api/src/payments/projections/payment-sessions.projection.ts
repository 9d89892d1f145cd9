import { Injectable } from '@nestjs/common';
import { assertNever, PaymentEvent } from '@facet/contracts';
import { FoldProjection, keyFrom, ReadModel, ReadModelProjection, requiredKeyFrom } from '../../platform/projections';
import { PAYMENT_EVENT_TYPES } from '../domain/payment-session';

/** A row of rm.payment_sessions. */
export interface PaymentSessionRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  provider: string;
  status: string;
  payment_status: string;
  amount_cents: number | string;
  currency: string;
  expires_at: string;
  created_at: string;
  settled_at: string | null;
}

/** rm.payment_sessions: each checkout session and how it ended. */
export const paymentSessionsReadModel: ReadModel<PaymentEvent, PaymentSessionRow> = {
  name: 'payment_sessions',
  table: 'payment_sessions',
  key: 'id',
  eventTypes: PAYMENT_EVENT_TYPES,
  keyOf: (event) =>
    event.type === 'PaymentSessionOpened'
      ? requiredKeyFrom(event.data.session_id, 'session id')
      : event.type === 'ProviderEventReceived'
        ? null // a notice's receipt: the session's own events say what it changed
        : keyFrom(event.data.session_id),
  evolve(row, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'PaymentSessionOpened': {
        if (row) return row; // recorded twice: the first stays
        const d = event.data;
        return {
          id: d.session_id,
          order_id: d.order_id,
          provider: d.provider,
          status: 'open',
          payment_status: 'unpaid',
          amount_cents: d.amount_cents,
          currency: d.currency,
          expires_at: d.expires_at,
          created_at: at,
          settled_at: null,
        };
      }
      case 'PaymentSucceeded':
        return row && { ...row, status: 'complete', payment_status: 'paid', settled_at: at };
      case 'PaymentFailed':
        return row && { ...row, status: 'complete', payment_status: 'failed', settled_at: at };
      case 'PaymentRefunded': {
        // A part refund leaves the session paid; refunded once everything taken is given back.
        const total = event.data.refunded_total_cents;
        return (
          row && { ...row, payment_status: total === undefined || total >= Number(row.amount_cents) ? 'refunded' : row.payment_status }
        );
      }
      case 'PaymentExpired':
        return row && { ...row, status: 'expired', payment_status: 'expired', settled_at: at };
      case 'PaymentCancelled':
        return row && { ...row, status: 'expired', payment_status: 'cancelled', settled_at: at };
      case 'PaymentDisputed': // staff read disputes among the payment alerts (payment-alerts.projection.ts)
      case 'ProviderEventReceived':
        return row;
      default:
        return assertNever(event);
    }
  },
};

/** The Nest provider the module lists: the read model, run by the platform. */
@Injectable()
@ReadModelProjection()
export class PaymentSessionsProjection extends FoldProjection<PaymentEvent> {
  constructor() {
    super(paymentSessionsReadModel);
  }
}
