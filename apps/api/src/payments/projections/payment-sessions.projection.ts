import { Injectable } from '@nestjs/common';
import { assertNever, PaymentEvent } from '@facet/contracts';
import { Tx } from '../../platform/database/database';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { Projection, ReadModelProjection } from '../../platform/projections/projection';
import { PAYMENT_EVENT_TYPES } from '../domain/payment-session';

/** rm.payment_sessions: each checkout session and how it ended. */
@Injectable()
@ReadModelProjection()
export class PaymentSessionsProjection implements Projection<PaymentEvent> {
  readonly name = 'payment_sessions';
  readonly eventTypes = PAYMENT_EVENT_TYPES;

  async apply(tx: Tx, event: RecordedEvent<PaymentEvent>): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'PaymentSessionOpened':
        await tx.query(
          `INSERT INTO payment_sessions (id, order_id, provider, status, payment_status, amount_cents, currency, expires_at, created_at)
           VALUES ($1,$2,$3,'open','unpaid',$4,$5,$6,$7) ON CONFLICT (id) DO NOTHING`,
          [
            event.data.session_id,
            event.data.order_id,
            event.data.provider,
            event.data.amount_cents,
            event.data.currency,
            event.data.expires_at,
            at,
          ],
        );
        break;
      case 'PaymentSucceeded':
        await tx.query(`UPDATE payment_sessions SET status = 'complete', payment_status = 'paid', settled_at = $2 WHERE id = $1`, [
          event.data.session_id,
          at,
        ]);
        break;
      case 'PaymentFailed':
        await tx.query(`UPDATE payment_sessions SET status = 'complete', payment_status = 'failed', settled_at = $2 WHERE id = $1`, [
          event.data.session_id,
          at,
        ]);
        break;
      case 'PaymentRefunded':
        await tx.query(`UPDATE payment_sessions SET payment_status = 'refunded' WHERE id = $1`, [event.data.session_id]);
        break;
      case 'PaymentExpired':
        await tx.query(`UPDATE payment_sessions SET status = 'expired', payment_status = 'expired', settled_at = $2 WHERE id = $1`, [
          event.data.session_id,
          at,
        ]);
        break;
      case 'PaymentCancelled':
        await tx.query(`UPDATE payment_sessions SET status = 'expired', payment_status = 'cancelled', settled_at = $2 WHERE id = $1`, [
          event.data.session_id,
          at,
        ]);
        break;
      default:
        assertNever(event);
    }
  }
}
