import { Injectable, Logger } from '@nestjs/common';
import { RecordedEvent } from '../../platform/event-store/event-store';
import { EventSourcing } from '../../platform/event-store/event-sourcing.service';
import { ConflictError } from '../../platform/domain/errors';
import { EventReactor, Reactor } from '../../platform/queue/reactor';
import { DatabaseService } from '../../platform/database/database.service';
import { fold } from '../../platform/event-store/decider';
import { PersonalData } from '../../platform/privacy/personal-data';
import { withSubjectLocks } from '../../platform/privacy/subject-locks';
import { order, OrderEvent, orderStream } from '../domain/order';

/** Payments settle orders: a paid session moves its order to processing; a declined or expired one marks it. */
@Injectable()
@EventReactor()
export class OrderPaymentReactor implements Reactor {
  readonly name = 'order-payment';
  readonly eventTypes = ['PaymentSucceeded', 'PaymentFailed', 'PaymentExpired'];
  private readonly logger = new Logger('OrderPayment');

  constructor(
    private readonly es: EventSourcing,
    private readonly privacy: PersonalData,
    private readonly db: DatabaseService,
  ) {}

  async react(event: RecordedEvent): Promise<void> {
    const d = event.data;
    try {
      if (event.type === 'PaymentSucceeded') {
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
              detailsErased: subjectId ? await this.privacy.keys.keyGone(subjectId) : false,
            },
            { waitForProjections: false },
          );
        await (subjectId ? withSubjectLocks(this.db.lockPool, [subjectId], record) : record());
      } else {
        await this.es.decide(
          orderStream(d.order_id),
          order,
          {
            type: 'RecordPaymentFailure',
            orderId: d.order_id,
            sessionId: d.session_id,
            paymentStatus: event.type === 'PaymentExpired' ? 'expired' : 'failed',
            // A session the shopper cancelled says so (PaymentExpired's reason); one that ran out has none.
            reason: event.type === 'PaymentExpired' ? (d.reason ?? 'Payment session expired') : d.reason,
          },
          { waitForProjections: false },
        );
      }
    } catch (err) {
      // A business refusal (order already paid or cancelled) is final; retrying would block the reactor forever.
      // A ConcurrencyError (another writer appended first) is not a ConflictError: it is retried.
      if (err instanceof ConflictError) {
        this.logger.warn(`${event.type} for order ${d.order_id} not applied: ${err.message}`);
        return;
      }
      throw err;
    }
  }
}
