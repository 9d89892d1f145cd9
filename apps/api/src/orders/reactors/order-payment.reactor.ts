import { Injectable, Logger } from '@nestjs/common';
import { assertNever, PaymentEvent } from '@facet/contracts';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ConflictError } from '../../platform/domain/errors';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { DatabaseService } from '../../platform/database/database.service';
import { fold } from '../../platform/event-store/decider';
import { PersonalData } from '../../platform/privacy/personal-data';
import { withSubjectLocks } from '../../platform/privacy/subject-locks';
import { order, OrderEvent, orderStream } from '../domain/order';

/** A payment session's outcomes. */
type PaymentOutcome = Extract<PaymentEvent, { type: 'PaymentSucceeded' | 'PaymentFailed' | 'PaymentExpired' | 'PaymentCancelled' }>;

/**
 * Payments settle orders: a paid session moves its order to processing (with the card it charged); a declined,
 * expired or cancelled one marks it.
 */
@Injectable()
@EventReactor()
export class OrderPaymentReactor implements Reactor<PaymentOutcome> {
  readonly name = 'order-payment';
  readonly eventTypes: readonly PaymentOutcome['type'][] = ['PaymentSucceeded', 'PaymentFailed', 'PaymentExpired', 'PaymentCancelled'];
  private readonly logger = new Logger('OrderPayment');

  constructor(
    private readonly es: EventSourcing,
    private readonly privacy: PersonalData,
    private readonly db: DatabaseService,
  ) {}

  async react(event: RecordedEvent<PaymentOutcome>): Promise<void> {
    try {
      await this.settle(event);
    } catch (err) {
      // A business refusal (order already paid or cancelled) is final; retrying would block the reactor forever.
      // A ConcurrencyError (another writer appended first) is not a ConflictError: it is retried.
      if (err instanceof ConflictError) {
        this.logger.warn(`${event.type} for order ${event.data.order_id} not applied: ${err.message}`);
        return;
      }
      throw err;
    }
  }

  private async settle(event: RecordedEvent<PaymentOutcome>): Promise<void> {
    switch (event.type) {
      case 'PaymentSucceeded': {
        const d = event.data;
        const { subjectId } = fold(order, await this.es.load<OrderEvent>(orderStream(d.order_id)));
        // Under the subject's lock, as an erasure runs: the payment lands before its check (and holds the
        // erasure back) or after the key is gone (and is refunded), never in between.
        const record = async () =>
          this.es.decide(
            orderStream(d.order_id),
            order,
            {
              type: 'RecordPayment',
              orderId: d.order_id,
              sessionId: d.session_id,
              amountCents: d.amount_cents,
              currency: d.currency,
              cardLast4: d.card_last_4 ?? null,
              detailsErased: subjectId ? await this.privacy.keys.keyGone(subjectId) : false,
            },
            { waitForProjections: false },
          );
        await (subjectId ? withSubjectLocks(this.db.lockPool, [subjectId], record) : record());
        return;
      }
      case 'PaymentCancelled':
        await this.es.decide(
          orderStream(event.data.order_id),
          order,
          {
            type: 'RecordPaymentFailure',
            orderId: event.data.order_id,
            sessionId: event.data.session_id,
            paymentStatus: 'cancelled',
            reason: 'Payment cancelled by the shopper',
          },
          { waitForProjections: false },
        );
        return;
      case 'PaymentFailed':
      case 'PaymentExpired':
        await this.es.decide(
          orderStream(event.data.order_id),
          order,
          {
            type: 'RecordPaymentFailure',
            orderId: event.data.order_id,
            sessionId: event.data.session_id,
            paymentStatus: event.type === 'PaymentExpired' ? 'expired' : 'failed',
            // A session the shopper cancelled says so (PaymentExpired's reason); one that ran out has none.
            reason: event.type === 'PaymentExpired' ? (event.data.reason ?? 'Payment session expired') : event.data.reason,
          },
          { waitForProjections: false },
        );
        return;
      default:
        assertNever(event);
    }
  }
}

/**
 * A whole refund the provider recorded on its own (charge.refunded from Stripe's dashboard, PaymentRefunded
 * without the order asking) moves the order as a staff refund does: cancelled when it still may be, its payment
 * refunded. A refund the order asked for (OrderRefundRequested first) finds it refunded already and changes nothing.
 */
@Injectable()
@EventReactor()
export class OrderProviderRefundReactor implements Reactor<Extract<PaymentEvent, { type: 'PaymentRefunded' }>> {
  readonly name = 'order-provider-refund';
  readonly eventTypes = ['PaymentRefunded'] as const;

  constructor(private readonly es: EventSourcing) {}

  async react(event: RecordedEvent<Extract<PaymentEvent, { type: 'PaymentRefunded' }>>): Promise<void> {
    const d = event.data;
    // The refund can outrun the payment's own reactor: until the order has recorded this session's payment (or
    // rejected it), the job fails and is retried (the queue's backoff), so the order is never left paid.
    const state = fold(order, await this.es.load<OrderEvent>(orderStream(d.order_id)));
    if (state.exists && !state.settledSessions.includes(d.session_id) && !state.rejectedSessions.includes(d.session_id)) {
      throw new Error(`order ${d.order_id} has not recorded the payment of session ${d.session_id} yet`);
    }
    await this.es.decideLatest(
      orderStream(d.order_id),
      order,
      {
        type: 'RecordProviderRefund',
        orderId: d.order_id,
        sessionId: d.session_id,
        amountCents: d.amount_cents,
        currency: d.currency,
        reason: d.reason,
        by: d.by ?? event.metadata.actor?.id ?? 'payments',
        ...(d.refunded_total_cents !== undefined ? { refundedTotalCents: d.refunded_total_cents } : {}),
      },
      { waitForProjections: false },
    );
  }
}
